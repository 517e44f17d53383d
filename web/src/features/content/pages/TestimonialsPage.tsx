import { Alert, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { htmlText } from '#contract/content';
import type { Testimonial } from '#contract/copy';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { EditorModal, type Editing } from '../../../components/RowEditing.js';
import { useDeleteTestimonial } from '../api/delete-testimonial.js';
import { useTestimonials } from '../api/list-testimonials.js';
import { useReorderTestimonials } from '../api/reorder-testimonials.js';
import { OrderedList } from '../components/OrderedList.js';
import { TestimonialForm } from '../components/TestimonialForm.js';

/** /overlord/edit/testimonials: what the platform's users say, on /olympus/our-users: add, edit, order, remove. */
export function TestimonialsPage() {
  const list = useTestimonials();
  const reorder = useReorderTestimonials();
  const remove = useDeleteTestimonial();
  const [editing, setEditing] = useState<Editing<Testimonial>>(null);
  const [removing, setRemoving] = useState<Testimonial | null>(null);
  const items = list.data ?? [];
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
      <OrderedList
        label="Testimonials, in order"
        items={items}
        name={(t) => t.name}
        onReorder={(ids) => reorder.mutate(ids)}
        moving={reorder.isPending}
        onEdit={setEditing}
        onRemove={setRemoving}
        render={(t) => (
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
        )}
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'Add a testimonial', edit: 'Edit testimonial' }}
        size="lg"
      >
        {(testimonial) => <TestimonialForm testimonial={testimonial} onDone={() => setEditing(null)} />}
      </EditorModal>
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
