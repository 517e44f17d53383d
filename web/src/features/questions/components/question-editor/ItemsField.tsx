import { ActionIcon, Button, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { freeId, type QuestionForm } from './form-values.js';

/**
 * A list of short texts the question is made of: the words of a gap match, the choices of an inline choice, the
 * labels of a picture, either column of a match. Each may be used more than once where the type allows it (QTI's
 * `matchMax`) and keep its place when the items are shuffled.
 */
export function ItemsField({
  form,
  list,
  title,
  description,
  noun,
  ids,
  min = 2,
  max = 20,
  marker,
  matchMax = false,
  keepInPlace = false,
  mark = (i) => `${i + 1}.`,
}: {
  form: QuestionForm;
  list: 'options' | 'targets';
  title: string;
  description?: string;
  /** What one item is called, in its inputs' names: "word", "choice", "label", "item". */
  noun: string;
  /** The ids new items take, in order. */
  ids: readonly string[];
  min?: number;
  max?: number;
  /** Marks an item as the right one (inline choice). */
  marker?: (id: string, name: string) => ReactNode;
  matchMax?: boolean;
  keepInPlace?: boolean;
  /** How each is marked in the list, by position: "1.", "A". */
  mark?: (index: number) => string;
}) {
  const items = form.values[list];
  const nameOf = (i: number) => `${noun} ${mark(i).replace(/\.$/, '')}`;
  const add = () => form.insertListItem(list, { id: freeId(items, ids), text: '', imageUrl: null });
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        {description ? (
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {items.map((item, i) => {
        const name = nameOf(i);
        return (
          <Group key={item.id} wrap="nowrap" align="flex-start" gap="xs">
            {marker ? <div style={{ paddingTop: 8 }}>{marker(item.id, name)}</div> : null}
            <Text fw={600} w={24} pt={6} aria-hidden="true">
              {mark(i)}
            </Text>
            <TextInput
              aria-label={name[0]!.toUpperCase() + name.slice(1)}
              style={{ flex: 1 }}
              {...form.getInputProps(`${list}.${i}.text`)}
            />
            {matchMax ? (
              <NumberInput
                w={120}
                aria-label={`How many times ${name} may be used (0: any)`}
                title="How many times it may be used; 0 for any number"
                min={0}
                max={50}
                allowDecimal={false}
                prefix="Use "
                suffix="×"
                value={item.matchMax ?? 1}
                onChange={(x) => form.setFieldValue(`${list}.${i}.matchMax`, x === '' ? 1 : Number(x))}
              />
            ) : null}
            {keepInPlace && list === 'options' ? (
              <Switch
                size="xs"
                mt={8}
                label="Keep in place"
                aria-label={`Keep ${name} in place`}
                checked={form.values.options[i]?.fixed === true}
                disabled={!form.values.shuffle}
                onChange={(e) => form.setFieldValue(`options.${i}.fixed`, e.currentTarget.checked)}
                style={{ flexShrink: 0 }}
              />
            ) : null}
            <ActionIcon
              mt={4}
              variant="subtle"
              color="red"
              aria-label={`Remove ${name}`}
              disabled={items.length <= min}
              onClick={() => form.removeListItem(list, i)}
            >
              ✕
            </ActionIcon>
          </Group>
        );
      })}
      {form.errors[list] ? (
        <Text c="red" size="sm">
          {form.errors[list]}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" onClick={add} disabled={items.length >= max}>
          Add a {noun}
        </Button>
      </Group>
      {matchMax ? (
        <Text size="xs" c="dimmed">
          “Use 1×” means it can be placed once; 0 means as often as a learner likes.
        </Text>
      ) : null}
    </Stack>
  );
}
