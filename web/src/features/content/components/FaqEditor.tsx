import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type Faq, htmlText } from '#contract/content';
import { Confirm } from '../../../components/Confirm.js';
import { useDeleteFaq } from '../api/delete-faq.js';
import type { Option } from '../api/faq-targets.js';
import { useFaqs } from '../api/list-faqs.js';
import { useReorderFaqs } from '../api/reorder-faqs.js';
import { FaqForm, type FaqGroupValue } from './FaqForm.js';

interface FaqEditorProps {
  /** The group on screen: an audience with its olympiad or project. */
  group: FaqGroupValue;
  /** How the group is called in headings, e.g. "All teachers". */
  groupLabel: string;
  chooseAudience: boolean;
  olympiads: Option[];
  projects: Option[];
}

/**
 * One group of FAQs in its order: add, edit, publish, move up or down, delete. Searching narrows the list
 * on the server; the order is changed on the whole group, so moving waits until the search is cleared.
 */
export function FaqEditor({ group, groupLabel, chooseAudience, olympiads, projects }: FaqEditorProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const list = useFaqs({
    page: 1,
    pageSize: 500,
    sort: 'position',
    order: 'asc',
    search: debounced || undefined,
    audience: group.audience,
    olympiadId: group.olympiadId ?? undefined,
    projectId: group.projectId ?? undefined,
  });
  const reorder = useReorderFaqs();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<Faq | 'new' | null>(null);
  const [removing, setRemoving] = useState<Faq | null>(null);
  const items = list.data?.items ?? [];
  const canMove = !debounced && items.length === list.data?.total;

  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((f) => f.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate({ ...group, ids });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {groupLabel}
        </Title>
        <Group gap="xs" wrap="wrap">
          <TextInput
            aria-label="Search the FAQs"
            placeholder="Search questions and answers"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
          <Button onClick={() => setEditing('new')}>Add an FAQ</Button>
        </Group>
      </Group>
      {list.error ? <Alert color="red">{list.error.message}</Alert> : null}
      {list.isLoading ? <Skeleton height={120} /> : null}
      {list.data && !items.length ? (
        <Text c="dimmed">{debounced ? 'No FAQ matches.' : 'No FAQs here yet. Add the first one.'}</Text>
      ) : null}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`FAQs: ${groupLabel}`}>
        {items.map((f, i) => (
          <Paper key={f.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {i + 1}. {f.question}
                  </Text>
                  {f.published ? null : (
                    <Badge color="gray" variant="light">
                      Draft
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {htmlText(f.answer).replace(/\s+([.,;:!?])/g, '$1')}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  disabled={!canMove || i === 0 || reorder.isPending}
                  onClick={() => move(i, -1)}
                  aria-label={`Move up: ${f.question}`}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={!canMove || i === items.length - 1 || reorder.isPending}
                  onClick={() => move(i, 1)}
                  aria-label={`Move down: ${f.question}`}
                >
                  ↓
                </ActionIcon>
                <Button size="xs" variant="light" onClick={() => setEditing(f)} aria-label={`Edit: ${f.question}`}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(f)}
                  aria-label={`Delete: ${f.question}`}
                >
                  Delete
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an FAQ' : 'Edit FAQ'}
        size="lg"
      >
        {editing !== null ? (
          <FaqForm
            faq={editing === 'new' ? null : editing}
            group={group}
            chooseAudience={chooseAudience}
            olympiads={olympiads}
            projects={projects}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <Confirm
        opened={removing !== null}
        title="Delete this FAQ?"
        confirmLabel="Delete"
        color="red.9"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        “{removing?.question}” is removed for its readers at once.
      </Confirm>
    </Stack>
  );
}
