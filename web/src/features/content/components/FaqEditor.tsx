import { Alert, Badge, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type Faq, htmlText } from '#contract/content';
import { Confirm } from '../../../components/Confirm.js';
import { EditorModal, type Editing } from '../../../components/RowEditing.js';
import { useDeleteFaq } from '../api/delete-faq.js';
import type { Option } from '../api/faq-targets.js';
import { useFaqs } from '../api/list-faqs.js';
import { useReorderFaqs } from '../api/reorder-faqs.js';
import { FaqForm, type FaqGroupValue } from './FaqForm.js';
import { OrderedList } from './OrderedList.js';

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
  const [editing, setEditing] = useState<Editing<Faq>>(null);
  const [removing, setRemoving] = useState<Faq | null>(null);
  const items = list.data?.items ?? [];
  const canMove = !debounced && items.length === list.data?.total;

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
      <OrderedList
        label={`FAQs: ${groupLabel}`}
        items={items}
        name={(f) => f.question}
        onReorder={(ids) => reorder.mutate({ ...group, ids })}
        canMove={canMove}
        moving={reorder.isPending}
        onEdit={setEditing}
        onRemove={setRemoving}
        removeLabel="Delete"
        render={(f, i) => (
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
        )}
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'Add an FAQ', edit: 'Edit FAQ' }}
        size="lg"
      >
        {(faq) => (
          <FaqForm
            faq={faq}
            group={group}
            chooseAudience={chooseAudience}
            olympiads={olympiads}
            projects={projects}
            onDone={() => setEditing(null)}
          />
        )}
      </EditorModal>
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
