import { ActionIcon, Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface OrderedListProps<T extends { id: number }> {
  /** The list's accessible name, e.g. "Partners, in order". */
  label: string;
  items: readonly T[];
  /** What a row is called in its buttons' names ("Move up: Soweto High"). */
  name: (item: T) => string;
  /** A row's own content (left of its buttons). */
  render: (item: T, index: number) => ReactNode;
  /** The whole new order, as ids; called once per move. */
  onReorder: (ids: number[]) => void;
  onEdit: (item: T) => void;
  onRemove: (item: T) => void;
  removeLabel?: 'Remove' | 'Delete';
  /** False while the order cannot be changed (e.g. a search shows only part of the list). */
  canMove?: boolean;
  /** A reorder is on its way: the arrows wait. */
  moving?: boolean;
  /** Buttons of the list's own, before Edit (e.g. a logo upload). */
  actions?: (item: T) => ReactNode;
}

/**
 * The copy editors' ordered list (testimonials, partners, FAQs; decision 050): each row with ↑ and ↓ to move it,
 * Edit and Remove; the page keeps the add button, the form's modal and the confirmation.
 */
export function OrderedList<T extends { id: number }>({
  label,
  items,
  name,
  render,
  onReorder,
  onEdit,
  onRemove,
  removeLabel = 'Remove',
  canMove = true,
  moving = false,
  actions,
}: OrderedListProps<T>) {
  const move = (index: number, by: -1 | 1) => {
    const ids = items.map((item) => item.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    onReorder(ids);
  };
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {items.map((item, i) => (
        <Paper key={item.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="wrap" align="flex-start" gap="sm">
            {render(item, i)}
            <Group gap={4} wrap="wrap">
              <ActionIcon
                variant="subtle"
                disabled={!canMove || i === 0 || moving}
                onClick={() => move(i, -1)}
                aria-label={`Move up: ${name(item)}`}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={!canMove || i === items.length - 1 || moving}
                onClick={() => move(i, 1)}
                aria-label={`Move down: ${name(item)}`}
              >
                ↓
              </ActionIcon>
              {actions?.(item)}
              <Button size="xs" variant="light" onClick={() => onEdit(item)} aria-label={`Edit: ${name(item)}`}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onRemove(item)}
                aria-label={`${removeLabel}: ${name(item)}`}
              >
                {removeLabel}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
