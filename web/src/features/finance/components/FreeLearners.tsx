import { Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { z } from 'zod';
import { type PurchaseOrder, SetFreeLearnersQuery } from '#contract/finance';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSetFreeLearners } from '../api/set-free-learners.js';

type SetFreeLearnersInput = z.output<typeof SetFreeLearnersQuery>;

/** The order's free learners, with the reason kept as a comment: the contract's query, the count as typed. */
export function FreeLearners({ order }: { order: PurchaseOrder }) {
  const save = useSetFreeLearners();
  const form = useSchemaForm<{ freeLearners: number | string; comment: string }, SetFreeLearnersInput>({
    schema: SetFreeLearnersQuery,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: { freeLearners: order.freeLearners, comment: '' },
    toInput: ({ freeLearners, comment }) => ({ freeLearners: Number(freeLearners), comment }),
  });
  return (
    <form
      onSubmit={form.onSubmit((input) =>
        save.mutate(
          { order, ...input },
          { onSuccess: () => form.setFieldValue('comment', ''), onError: form.setServerErrors },
        ),
      )}
    >
      <Stack gap="xs">
        <Title order={3} size="h5">
          Free learners
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="Learners the school does not pay for"
            min={0}
            max={100000}
            w={220}
            allowDecimal={false}
            {...form.getInputProps('freeLearners')}
          />
          <TextInput
            label="Why (kept as a comment)"
            style={{ flex: '1 1 200px' }}
            required
            {...form.getInputProps('comment')}
          />
        </Group>
        {save.error ? (
          <Text size="sm" c="red.8">
            {save.error.message}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" size="xs" loading={save.isPending}>
            Save free learners
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
