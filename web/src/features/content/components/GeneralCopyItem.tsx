import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { GeneralCopy } from '#contract/copy';
import { RichCopy } from '../../../components/RichCopy.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { usePublishGeneralCopy } from '../api/publish-general-copy.js';
import { useResetGeneralCopy } from '../api/reset-general-copy.js';

/** One named text of an olympiad's general copy: where it appears, its wording (or the default), Publish, Reset. */
export function GeneralCopyItem({ item }: { item: GeneralCopy }) {
  const publish = usePublishGeneralCopy();
  const reset = useResetGeneralCopy();
  const [draft, setDraft] = useState(item.value);
  // A newly published text (after Publish or Reset) becomes the draft: adjusted while rendering, not in an effect.
  const [base, setBase] = useState(item.value);
  if (base !== item.value) {
    setBase(item.value);
    setDraft(item.value);
  }
  const changed = draft !== item.value;
  const fieldError = publish.error?.message;
  const headingId = `copy-${item.key}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" id={headingId}>
            {item.label}
          </Title>
          <Badge variant="light" color={item.id == null ? 'gray' : 'blue'}>
            {item.id == null ? 'Default wording' : 'Own wording'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {item.where}
        </Text>
        {item.format === 'text' ? (
          <TextInput
            label={item.label}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            error={fieldError}
          />
        ) : (
          <>
            <RichTextEditor label={item.label} value={draft} onChange={setDraft} error={fieldError} minHeight={90} />
            {changed ? (
              <Paper bg="gray.0" p="sm" radius="sm" aria-label={`Preview: ${item.label}`}>
                <Text size="xs" fw={600} c="dimmed" mb={4}>
                  Preview
                </Text>
                <RichCopy html={draft} />
              </Paper>
            ) : null}
          </>
        )}
        <Group gap="sm" wrap="wrap">
          <Button
            size="sm"
            disabled={!changed}
            loading={publish.isPending}
            onClick={() => publish.mutate({ olympiadId: item.olympiadId, key: item.key, body: draft })}
          >
            Publish
          </Button>
          <Button size="sm" variant="default" disabled={!changed} onClick={() => setDraft(item.value)}>
            Discard changes
          </Button>
          {item.id != null ? (
            <Button
              size="sm"
              variant="subtle"
              loading={reset.isPending}
              onClick={() => reset.mutate(item.id!)}
              aria-label={`Reset to the default: ${item.label}`}
            >
              Reset to the default
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
