import { ActionIcon, Group, Paper, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';

interface SortableListProps<T> {
  items: T[];
  itemKey: (item: T) => number;
  label: (item: T) => string;
  render: (item: T, index: number) => ReactNode;
  onReorder: (ids: number[]) => void;
}

/** Drag to reorder (mouse), or move up/down with the buttons (keyboard and screen readers). */
export function SortableList<T>({ items, itemKey, label, render, onReorder }: SortableListProps<T>) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = items.map(itemKey);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    onReorder(next);
  };
  return (
    <Stack gap="xs">
      {items.map((item, index) => {
        const id = itemKey(item);
        return (
          <Paper
            key={id}
            withBorder
            radius="md"
            p="sm"
            draggable
            onDragStart={(e) => {
              setDragging(index);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(index);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) move(dragging, index);
              setDragging(null);
              setOver(null);
            }}
            style={{
              cursor: 'grab',
              opacity: dragging === index ? 0.5 : 1,
              borderColor: over === index && dragging !== index ? 'var(--mantine-color-blue-5)' : undefined,
            }}
            data-testid="sortable-item"
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2}>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label={`Move ${label(item)} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  ▲
                </ActionIcon>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  aria-label={`Move ${label(item)} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  ▼
                </ActionIcon>
              </Stack>
              <div style={{ flex: 1, minWidth: 0 }}>{render(item, index)}</div>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
