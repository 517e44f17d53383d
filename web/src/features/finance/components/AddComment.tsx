import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { PurchaseOrderCommentBody, type PurchaseOrder } from '#contract/finance';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useAddComment } from '../api/add-comment.js';

/** A note for finance staff on the order: the contract's comment body. */
export function AddComment({ order }: { order: PurchaseOrder }) {
  const addComment = useAddComment();
  const form = useSchemaForm<{ comment: string }>({
    schema: PurchaseOrderCommentBody,
    mode: 'controlled',
    initialValues: { comment: '' },
  });
  return (
    <form
      onSubmit={form.onSubmit(({ comment }) =>
        addComment.mutate(
          { order, comment },
          { onSuccess: () => form.setFieldValue('comment', ''), onError: form.setServerErrors },
        ),
      )}
    >
      <Stack gap="xs">
        <Textarea label="Add a comment" autosize minRows={2} {...form.getInputProps('comment')} />
        {addComment.error ? (
          <Text size="sm" c="red.8">
            {addComment.error.message}
          </Text>
        ) : null}
        <Group>
          <Button
            size="xs"
            type="submit"
            variant="light"
            disabled={!form.values.comment.trim()}
            loading={addComment.isPending}
          >
            Add comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
