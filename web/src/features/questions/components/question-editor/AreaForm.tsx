import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Area } from '#contract/questions';
import { parsePoints, pointsText, reshape, type Shape, shapeNames } from './areas.js';

/**
 * An area typed in numbers, in the picture's pixels from its top left corner: the keyboard's way to draw, and the
 * way to set an area exactly. `name` says whose area it is in every input's name ("area A", "place 2").
 */
export function AreaForm({
  area,
  name,
  width,
  height,
  onChange,
}: {
  area: Area;
  name: string;
  width: number;
  height: number;
  onChange: (area: Area) => void;
}) {
  const number = (label: string, value: number, max: number, set: (n: number) => Area, min = 0) => (
    <NumberInput
      size="xs"
      w={92}
      label={label}
      aria-label={`${label} of ${name}`}
      value={value}
      min={min}
      max={max}
      allowDecimal={false}
      clampBehavior="blur"
      onChange={(x) => {
        const n = Number(x);
        if (x !== '' && Number.isFinite(n) && n >= min) onChange(set(Math.round(n)));
      }}
    />
  );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        size="xs"
        w={130}
        label="Shape"
        aria-label={`Shape of ${name}`}
        allowDeselect={false}
        value={area.shape}
        data={(Object.keys(shapeNames) as Shape[]).map((s) => ({ value: s, label: shapeNames[s] }))}
        onChange={(s) => s && onChange(reshape(area, s as Shape))}
      />
      {area.shape === 'circle' ? (
        <>
          {number('Centre x', area.x, width, (x) => ({ ...area, x }))}
          {number('Centre y', area.y, height, (y) => ({ ...area, y }))}
          {number('Radius', area.r, Math.max(width, height), (r) => ({ ...area, r }), 1)}
        </>
      ) : null}
      {area.shape === 'rect' ? (
        <>
          {number('Left', area.x, width, (x) => ({ ...area, x }))}
          {number('Top', area.y, height, (y) => ({ ...area, y }))}
          {number('Width', area.w, width, (w) => ({ ...area, w }), 1)}
          {number('Height', area.h, height, (h) => ({ ...area, h }), 1)}
        </>
      ) : null}
      {area.shape === 'poly' ? <PolygonPoints area={area} name={name} onChange={onChange} /> : null}
    </Group>
  );
}

/** A polygon's corners as "x,y x,y x,y", taken when they read as three or more points. */
function PolygonPoints({
  area,
  name,
  onChange,
}: {
  area: Extract<Area, { shape: 'poly' }>;
  name: string;
  onChange: (area: Area) => void;
}) {
  const written = pointsText(area.points);
  const [text, setText] = useState(written);
  const [seen, setSeen] = useState(written);
  // A polygon moved on the picture rewrites the field; what is being typed stays until it reads as points.
  if (written !== seen) {
    setSeen(written);
    setText(written);
  }
  const parsed = parsePoints(text);
  return (
    <TextInput
      size="xs"
      style={{ flex: 1, minWidth: 220 }}
      label="Corners (x,y x,y …)"
      aria-label={`Corners of ${name}`}
      value={text}
      error={parsed ? undefined : 'Write at least three corners as x,y separated by spaces'}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const points = parsePoints(next);
        if (points) {
          setSeen(pointsText(points));
          onChange({ shape: 'poly', points });
        }
      }}
    />
  );
}
