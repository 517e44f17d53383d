import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { htmlText } from '#contract/content';
import type { Testimonial } from '#contract/copy';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useDeleteTestimonial } from '../api/delete-testimonial.js';
import { useTestimonials } from '../api/list-testimonials.js';
import { useReorderTestimonials } from '../api/reorder-testimonials.js';
import { TestimonialForm } from '../components/TestimonialForm.js';

/** /overlord/edit/testimonials: what the platform's users say, on /olympus/our-users: add, edit, order, remove. */
export function TestimonialsPage() {
  const list = useTestimonials();
  const reorder = useReorderTestimonials();
  const remove = useDeleteTestimonial();
  const [editing, setEditing] = useState<Testimonial | 'new' | null>(null);
  const [removing, setRemoving] = useState<Testimonial | null>(null);
  const items = list.data ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((t) => t.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };
  return (
    <>
      <PageHeader
        title="Testimonials"
        description="What teachers, organisers and learners say about the olympiads, shown on the Our users page in this order."
        actions={<Button onClick={() => setEditing('new')}>Add a testimonial</Button>}
      />
      {list.error ? <Alert color="red">{list.error.message}</Alert> : null}
      {list.isLoading ? <Skeleton height={160} /> : null}
      {list.data && !items.length ? <Text c="dimmed">No testimonials yet. Add the first one.</Text> : null}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Testimonials, in order">
        {items.map((t, i) => (
          <Paper key={t.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
              <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {t.name}
                  </Text>
                  {t.affiliation ? (
                    <Text size="sm" c="dimmed">
                      {t.affiliation}
                    </Text>
                  ) : null}
                  {t.published ? null : (
                    <Badge color="gray" variant="light">
                      Not published
                    </Badge>
                  )}
                </Group>
                <Text size="sm" lineClamp={2}>
                  “{htmlText(t.quote)}”
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  disabled={i === 0 || reorder.isPending}
                  onClick={() => move(i, -1)}
                  aria-label={`Move up: ${t.name}`}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={i === items.length - 1 || reorder.isPending}
                  onClick={() => move(i, 1)}
                  aria-label={`Move down: ${t.name}`}
                >
                  ↓
                </ActionIcon>
                <Button size="xs" variant="light" onClick={() => setEditing(t)} aria-label={`Edit: ${t.name}`}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(t)}
                  aria-label={`Remove: ${t.name}`}
                >
                  Remove
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a testimonial' : 'Edit testimonial'}
        size="lg"
      >
        {editing !== null ? (
          <TestimonialForm testimonial={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Confirm
        opened={removing !== null}
        title="Remove this testimonial?"
        confirmLabel="Remove"
        color="red.9"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        {removing?.name}’s words no longer appear on the Our users page.
      </Confirm>
    </>
  );
}
