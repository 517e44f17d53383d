import { SegmentedControl, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import type { Area } from '#contract/questions';
import { circleFrom, moveArea, rectFrom, type Shape } from './areas.js';
import { AreaLabel, AreaShape, labelSize, PictureAreas, type ShownArea } from './PictureAreas.js';

type Tool = 'move' | Shape;

type Draft =
  | { shape: 'circle' | 'rect'; x0: number; y0: number; x1: number; y1: number }
  | { shape: 'poly'; points: Array<[number, number]>; hover: [number, number] | null };

interface Drag {
  key: string;
  x: number;
  y: number;
  original: Area;
}

const hints: Record<Tool, string> = {
  move: 'Drag an area to move it. Choose one and press Delete to remove it, or the arrow keys to nudge it.',
  circle: 'Press at the centre and drag out to the edge.',
  rect: 'Press at one corner and drag to the opposite one.',
  poly: 'Click each corner; finish by clicking the first one again or pressing Enter. Escape starts again.',
};

/**
 * Drawing areas on the question's picture with the mouse, a pen or a finger: a circle (press at the centre, drag out
 * the radius), a rectangle (drag), a polygon (click its corners, close on the first or with Enter); move one by
 * dragging it, remove the chosen one with Delete. Everything here can also be typed in the areas' own forms beside
 * it, which is the keyboard's way.
 */
export function AreaCanvas({
  src,
  alt,
  width,
  height,
  areas,
  selected,
  canCreate,
  onSelect,
  onChange,
  onCreate,
  onDelete,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  areas: ShownArea[];
  selected: string | null;
  canCreate: boolean;
  onSelect: (key: string | null) => void;
  onChange: (key: string, area: Area) => void;
  onCreate: (area: Area) => void;
  onDelete: (key: string) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [tool, setTool] = useState<Tool>(canCreate ? 'rect' : 'move');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const drawing = canCreate ? tool : 'move';

  /** The pointer's place in the picture's pixels. */
  const at = (e: { clientX: number; clientY: number }): [number, number] => {
    const box = svg.current!.getBoundingClientRect();
    const x = box.width ? ((e.clientX - box.left) * width) / box.width : 0;
    const y = box.height ? ((e.clientY - box.top) * height) / box.height : 0;
    return [Math.min(width, Math.max(0, x)), Math.min(height, Math.max(0, y))];
  };
  /** A dozen screen pixels in the picture's pixels: how near the first corner a click closes a polygon. */
  const near = () => {
    const box = svg.current!.getBoundingClientRect();
    return box.width ? (12 * width) / box.width : 12;
  };
  const capture = (e: PointerEvent<Element>) => {
    // Keeps the drag when the pointer leaves the picture; not every environment has it.
    if (typeof e.currentTarget.setPointerCapture === 'function') e.currentTarget.setPointerCapture(e.pointerId);
  };

  const closePolygon = (points: Array<[number, number]>) => {
    setDraft(null);
    if (points.length >= 3) onCreate({ shape: 'poly', points: points.map(([x, y]) => [Math.round(x), Math.round(y)]) });
  };

  const down = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    const [x, y] = at(e);
    if (drawing === 'move') {
      onSelect(null);
      return;
    }
    if (drawing === 'poly') {
      const points = draft?.shape === 'poly' ? draft.points : [];
      const first = points[0];
      if (first && points.length >= 3 && Math.hypot(first[0] - x, first[1] - y) <= near()) closePolygon(points);
      else setDraft({ shape: 'poly', points: [...points, [x, y]], hover: null });
      return;
    }
    capture(e);
    setDraft({ shape: drawing, x0: x, y0: y, x1: x, y1: y });
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    const [x, y] = at(e);
    if (drag) {
      onChange(drag.key, moveArea(drag.original, x - drag.x, y - drag.y, width, height));
      return;
    }
    if (!draft) return;
    if (draft.shape === 'poly') setDraft({ ...draft, hover: [x, y] });
    else setDraft({ ...draft, x1: x, y1: y });
  };
  const up = () => {
    if (drag) setDrag(null);
    if (!draft || draft.shape === 'poly') return;
    const made =
      draft.shape === 'circle'
        ? circleFrom(draft.x0, draft.y0, draft.x1, draft.y1)
        : rectFrom(draft.x0, draft.y0, draft.x1, draft.y1);
    setDraft(null);
    if (made) onCreate(made);
  };
  const grab = (key: string, area: Area) => (e: PointerEvent<SVGGElement>) => {
    if (drawing !== 'move' || e.button !== 0) return;
    e.stopPropagation();
    capture(e);
    const [x, y] = at(e);
    onSelect(key);
    setDrag({ key, x, y, original: area });
  };
  const key = (e: KeyboardEvent<SVGSVGElement>) => {
    if (e.key === 'Escape' && draft) {
      e.preventDefault();
      setDraft(null);
    } else if (e.key === 'Enter' && draft?.shape === 'poly') {
      e.preventDefault();
      closePolygon(draft.points);
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && selected) {
      e.preventDefault();
      onDelete(selected);
    } else if (selected && e.key.startsWith('Arrow')) {
      const area = areas.find((a) => a.key === selected)?.area;
      if (!area) return;
      e.preventDefault();
      const step = e.shiftKey ? 10 : 1;
      const dx = e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0;
      const dy = e.key === 'ArrowUp' ? -step : e.key === 'ArrowDown' ? step : 0;
      onChange(selected, moveArea(area, dx, dy, width, height));
    }
  };

  const size = labelSize(width, height);
  const inProgress = draftArea(draft);
  return (
    <Stack gap={6}>
      {canCreate ? (
        <SegmentedControl
          aria-label="Drawing tool"
          value={tool}
          onChange={(t) => {
            setTool(t as Tool);
            setDraft(null);
          }}
          data={[
            { value: 'move', label: 'Move' },
            { value: 'circle', label: 'Circle' },
            { value: 'rect', label: 'Rectangle' },
            { value: 'poly', label: 'Polygon' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      <Text size="xs" c="dimmed" id="area-canvas-hint">
        {hints[drawing]}
      </Text>
      <PictureAreas
        src={src}
        alt={alt}
        width={width}
        height={height}
        areas={[]}
        svgProps={{
          ref: svg,
          tabIndex: 0,
          role: 'group',
          'aria-label': 'The picture’s areas',
          'aria-describedby': 'area-canvas-hint',
          onPointerDown: down,
          onPointerMove: move,
          onPointerUp: up,
          onKeyDown: key,
          style: {
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            touchAction: 'none',
            cursor: drawing === 'move' ? 'default' : 'crosshair',
          },
        }}
      >
        {areas.map((a) => (
          <g
            key={a.key}
            data-area={a.key}
            onPointerDown={grab(a.key, a.area)}
            style={{ cursor: drawing === 'move' ? 'move' : undefined }}
            pointerEvents={drawing === 'move' ? 'all' : 'none'}
          >
            <AreaShape area={a.area} tone={a.key === selected ? 'selected' : (a.tone ?? 'plain')} />
            <AreaLabel area={a.area} text={a.mark} size={size} />
          </g>
        ))}
        {inProgress ? <AreaShape area={inProgress} tone="selected" strokeDasharray="6 4" /> : null}
        {draft?.shape === 'poly' ? <PolygonDraft points={draft.points} hover={draft.hover} size={size} /> : null}
      </PictureAreas>
    </Stack>
  );
}

/** The circle or rectangle being dragged out, once it is big enough to see. */
function draftArea(draft: Draft | null): Area | null {
  if (!draft || draft.shape === 'poly') return null;
  return draft.shape === 'circle'
    ? circleFrom(draft.x0, draft.y0, draft.x1, draft.y1)
    : rectFrom(draft.x0, draft.y0, draft.x1, draft.y1);
}

/** A polygon's corners so far, the line to the pointer, and its first corner marked as the place to close it. */
function PolygonDraft({
  points,
  hover,
  size,
}: {
  points: Array<[number, number]>;
  hover: [number, number] | null;
  size: number;
}) {
  const line = [...points, ...(hover ? [hover] : [])].map((p) => p.join(',')).join(' ');
  const first = points[0]!;
  return (
    <g pointerEvents="none">
      <polyline
        points={line}
        fill="none"
        stroke="var(--mantine-color-orange-7)"
        strokeWidth={3}
        strokeDasharray="6 4"
        vectorEffect="non-scaling-stroke"
      />
      <circle
        cx={first[0]}
        cy={first[1]}
        r={size / 3}
        fill="var(--mantine-color-orange-7)"
        data-testid="polygon-start"
      />
    </g>
  );
}
