import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { SortableList } from '../SortableList.js';
import { type EditorOption, maxOptions, newOptionId, type QuestionForm } from './form-values.js';

/**
 * An order question's items, written in the right order: that order is the key. Drag an item or move it with its
 * ▲ and ▼ buttons. Learners always get the items in an order of their own.
 */
export function OrderField({ form }: { form: QuestionForm }) {
  const options = form.values.options;
  // SortableList knows its items by number: each option id keeps one number for as long as the editor is open.
  const numbers = useRef(new Map<string, number>());
  const numberOf = (id: string) => {
    if (!numbers.current.has(id)) numbers.current.set(id, numbers.current.size + 1);
    return numbers.current.get(id)!;
  };
  const byNumber = (n: number) => options.find((o) => numberOf(o.id) === n)!;
  const add = () => form.insertListItem('options', { id: newOptionId(options), text: '', imageUrl: null });
  const name = (o: EditorOption) => `item ${o.id.toUpperCase()}`;
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          Items, in the right order
        </Text>
        <Text size="xs" c="dimmed">
          The order written here is the answer. Each learner gets the items in an order of their own.
        </Text>
      </div>
      <SortableList
        items={options}
        itemKey={(o) => numberOf(o.id)}
        label={name}
        onReorder={(ids) => form.setFieldValue('options', ids.map(byNumber))}
        render={(o, i) => (
          <Group wrap="nowrap" gap="xs">
            <Text fw={600} w={24} aria-hidden="true">
              {i + 1}.
            </Text>
            <TextInput
              style={{ flex: 1 }}
              aria-label={`Item ${o.id.toUpperCase()}, ${ordinal(i + 1)}`}
              {...form.getInputProps(`options.${i}.text`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name(o)}`}
              disabled={options.length <= 2}
              onClick={() => form.removeListItem('options', i)}
            >
              ✕
            </ActionIcon>
          </Group>
        )}
      />
      {form.errors.options ? (
        <Text c="red" size="sm">
          {form.errors.options}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" onClick={add} disabled={options.length >= maxOptions}>
          Add an item
        </Button>
      </Group>
    </Stack>
  );
}

const ordinal = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};
