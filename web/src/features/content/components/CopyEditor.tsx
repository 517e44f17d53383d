import { Alert, Anchor, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RichCopy } from '../../../components/RichCopy.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { formatDate } from '../../../lib/dates.js';

interface CopyEditorProps {
  /** The editor's label, e.g. "About". */
  label: string;
  description?: string;
  /** What is published now ('' for nothing yet). */
  published: string;
  updatedAt: string | null;
  /** The preview's heading and eyebrow, as the page shows them. */
  preview: { title: string; eyebrow?: string; after?: ReactNode };
  /** Where visitors read it. */
  publicPath?: string;
  publishing: boolean;
  error?: string | null;
  onPublish: (html: string) => void;
  onImage?: (file: File) => Promise<string>;
}

/**
 * One piece of public copy: the one rich-text editor, beside a preview of the page as a visitor sees it, and
 * Publish (what is published changes only then).
 */
export function CopyEditor(props: CopyEditorProps) {
  const { label, description, published, updatedAt, preview, publicPath, publishing, error, onPublish } = props;
  const [draft, setDraft] = useState(published);
  // A newly published text (after Publish or Reset) becomes the draft: adjusted while rendering, not in an effect.
  const [base, setBase] = useState(published);
  if (base !== published) {
    setBase(published);
    setDraft(published);
  }
  const changed = draft !== published;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="sm">
          <RichTextEditor
            label={label}
            description={description}
            value={draft}
            onChange={setDraft}
            minHeight={280}
            links
            headings
            {...(props.onImage ? { onImage: props.onImage } : {})}
          />
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => onPublish(draft)} loading={publishing} disabled={!changed}>
              Publish {label.toLowerCase()}
            </Button>
            <Button variant="default" onClick={() => setDraft(published)} disabled={!changed || publishing}>
              Discard changes
            </Button>
            {changed ? (
              <Badge color="yellow" variant="light">
                Not published yet
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {updatedAt ? `Published ${formatDate(updatedAt)}.` : 'Nothing published here yet.'}{' '}
            {publicPath ? (
              <Anchor component={Link} to={publicPath} target="_blank" underline="always">
                Open the public page
              </Anchor>
            ) : null}
          </Text>
        </Stack>
        <Box>
          <Text size="sm" fw={600} mb={6} id={`preview-${label}`}>
            Preview: as a visitor sees it
          </Text>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'xl' }}
            aria-labelledby={`preview-${label}`}
            component="section"
          >
            {preview.eyebrow ? (
              <Text size="sm" c="dimmed" fw={600} tt="uppercase">
                {preview.eyebrow}
              </Text>
            ) : null}
            <Title order={3} size="h2" mb="md">
              {preview.title}
            </Title>
            {draft.trim() ? <RichCopy html={draft} /> : <Text c="dimmed">Nothing written yet.</Text>}
            {preview.after}
          </Paper>
        </Box>
      </SimpleGrid>
    </Stack>
  );
}
