import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { Area } from '#contract/questions';
import { AreaCanvas } from './AreaCanvas.js';
import { AreaForm } from './AreaForm.js';
import { areaInWords, defaultArea } from './areas.js';
import { freeId, type QuestionForm } from './form-values.js';

/** Which list of the form holds the areas: a hotspot's options, a picture's places, a select-point key's areas. */
export type AreaList = 'options' | 'targets' | 'keyAreas';

interface AreaItem {
  id: string;
  text?: string;
  area?: Area;
}

/**
 * The areas of a picture question, drawn on the picture or typed: a hotspot's areas (each an option with its name),
 * the places of a picture to label (each a target, its name optional), or a select-point key's areas. Waits for the
 * picture: areas are measured in its own pixels.
 */
export function AreasField({
  form,
  list,
  title,
  description,
  noun,
  ids,
  mark,
  named,
  marker,
  max = 20,
}: {
  form: QuestionForm;
  list: AreaList;
  title: string;
  description: string;
  /** What one area is called in its inputs' names: "area", "place". */
  noun: string;
  /** The ids new areas take, in order. */
  ids: readonly string[];
  /** The short name written on the picture, by position: "A", "1". */
  mark: (index: number) => string;
  /** Whether each has a name (`text`), and what the name is for; `first` names a new one ("Place 3"). */
  named?: { label: string; placeholder?: string; first?: (index: number) => string };
  /** Marks an area as right (a hotspot's key). */
  marker?: (id: string, name: string) => ReactNode;
  max?: number;
}) {
  const v = form.values;
  const items = v[list] as AreaItem[];
  const [selected, setSelected] = useState<string | null>(null);
  const { imageUrl, imageWidth: width, imageHeight: height } = v;
  const nameOf = (i: number) => `${noun} ${mark(i)}`;
  const indexOf = (id: string) => items.findIndex((a) => a.id === id);

  const create = (area: Area) => {
    const id = freeId(items, ids);
    const text = named?.first?.(items.length) ?? '';
    form.insertListItem(list, list === 'keyAreas' ? { id, area } : { id, text, imageUrl: null, area });
    setSelected(id);
  };
  const change = (id: string, area: Area) => {
    const i = indexOf(id);
    if (i >= 0) form.setFieldValue(`${list}.${i}.area`, area);
  };
  const remove = (id: string) => {
    const i = indexOf(id);
    if (i >= 0) form.removeListItem(list, i);
    if (selected === id) setSelected(null);
  };

  const header = (
    <div>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </div>
  );
  if (!imageUrl || !width || !height)
    return (
      <Stack gap="xs">
        {header}
        <Text size="sm" c="dimmed" role="status">
          {imageUrl ? 'Reading the picture’s size…' : 'Add the picture first: its areas are drawn on it.'}
        </Text>
        {form.errors[list] ? (
          <Text c="red" size="sm">
            {form.errors[list]}
          </Text>
        ) : null}
      </Stack>
    );
  const full = items.length >= max;
  return (
    <Stack gap="xs">
      {header}
      <AreaCanvas
        src={imageUrl}
        alt={v.imageAlt}
        width={width}
        height={height}
        areas={items.flatMap((a, i) => (a.area ? [{ key: a.id, mark: mark(i), area: a.area }] : []))}
        selected={selected}
        canCreate={!full}
        onSelect={setSelected}
        onChange={change}
        onCreate={create}
        onDelete={remove}
      />
      {items.map((item, i) => {
        const name = nameOf(i);
        const error = form.errors[`${list}.${i}`] ?? form.errors[`${list}.${i}.text`];
        return (
          <Paper
            key={item.id}
            withBorder
            p="xs"
            radius="sm"
            style={selected === item.id ? { borderColor: 'var(--mantine-color-orange-6)' } : undefined}
            onFocusCapture={() => setSelected(item.id)}
            data-testid="area-row"
          >
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {marker ? <div style={{ paddingTop: named ? 8 : 2 }}>{marker(item.id, name)}</div> : null}
                <Text fw={700} pt={named ? 6 : 0} w={28} aria-hidden="true">
                  {mark(i)}
                </Text>
                {named ? (
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={`${named.label} of ${name}`}
                    placeholder={named.placeholder}
                    required
                    {...form.getInputProps(`${list}.${i}.text`)}
                    error={error}
                  />
                ) : (
                  <Text size="sm" style={{ flex: 1 }}>
                    {item.area ? areaInWords(item.area) : 'No area yet'}
                  </Text>
                )}
                <ActionIcon
                  mt={4}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${name}`}
                  onClick={() => remove(item.id)}
                >
                  ✕
                </ActionIcon>
              </Group>
              {item.area ? (
                <AreaForm
                  area={item.area}
                  name={name}
                  width={width}
                  height={height}
                  onChange={(area) => change(item.id, area)}
                />
              ) : (
                <Button
                  size="compact-xs"
                  variant="light"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => change(item.id, defaultArea('rect', width, height))}
                >
                  Give {name} an area
                </Button>
              )}
              {!named && error ? (
                <Text c="red" size="sm">
                  {error}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      {form.errors[list] ? (
        <Text c="red" size="sm">
          {form.errors[list]}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" disabled={full} onClick={() => create(defaultArea('rect', width, height))}>
          Add {noun === 'area' ? 'an' : 'a'} {noun} by its numbers
        </Button>
      </Group>
    </Stack>
  );
}
