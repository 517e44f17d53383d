import { Box } from '@mantine/core';
import type { ReactNode, SVGProps } from 'react';
import type { Area } from '#contract/questions';
import { centreOf } from './areas.js';

/** How an area is drawn: a plain one, the one being edited, or one the key marks right. */
export type AreaTone = 'plain' | 'selected' | 'key';

const tones: Record<AreaTone, { stroke: string; fill: string }> = {
  plain: { stroke: 'var(--mantine-color-blue-7)', fill: 'rgba(34, 139, 230, 0.15)' },
  selected: { stroke: 'var(--mantine-color-orange-7)', fill: 'rgba(253, 126, 20, 0.25)' },
  key: { stroke: 'var(--mantine-color-green-8)', fill: 'rgba(47, 158, 68, 0.3)' },
};

/** One area as an SVG shape in the picture's pixels; the stroke stays 2 screen pixels at any size. */
export function AreaShape({
  area,
  tone = 'plain',
  ...props
}: { area: Area; tone?: AreaTone } & Omit<SVGProps<SVGElement>, 'ref'>) {
  const style = {
    stroke: tones[tone].stroke,
    fill: tones[tone].fill,
    strokeWidth: tone === 'plain' ? 2 : 3,
    vectorEffect: 'non-scaling-stroke',
  } as const;
  const common = {
    style,
    'data-tone': tone,
    ...(props as SVGProps<SVGCircleElement & SVGRectElement & SVGPolygonElement>),
  };
  if (area.shape === 'circle') return <circle cx={area.x} cy={area.y} r={area.r} {...common} />;
  if (area.shape === 'rect') return <rect x={area.x} y={area.y} width={area.w} height={area.h} {...common} />;
  return <polygon points={area.points.map((p) => p.join(',')).join(' ')} {...common} />;
}

/** An area's short name written at its centre, readable on a light or a dark picture. */
export function AreaLabel({ area, text, size }: { area: Area; text: string; size: number }) {
  const c = centreOf(area);
  return (
    <text
      x={c.x}
      y={c.y}
      fontSize={size}
      fontWeight={700}
      textAnchor="middle"
      dominantBaseline="central"
      fill="#fff"
      stroke="#000"
      strokeWidth={size / 6}
      paintOrder="stroke"
      pointerEvents="none"
      aria-hidden="true"
    >
      {text}
    </text>
  );
}

/** The size of the areas' names: about a thirtieth of the picture's longer side, so that they read at any scale. */
export const labelSize = (width: number, height: number) => Math.max(10, Math.round(Math.max(width, height) / 30));

export interface ShownArea {
  key: string;
  /** The short name written on the picture (a letter, a number). */
  mark: string;
  area: Area;
  tone?: AreaTone;
}

/**
 * The picture with areas drawn over it: an SVG whose viewBox is the picture's own pixels, laid exactly over the
 * picture at whatever size it is shown. `children` draws more in the same pixels (the editor's shape in progress).
 */
export function PictureAreas({
  src,
  alt,
  width,
  height,
  areas,
  maw = 640,
  svgProps,
  children,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  areas: ShownArea[];
  maw?: number;
  svgProps?: SVGProps<SVGSVGElement>;
  children?: ReactNode;
}) {
  const size = labelSize(width, height);
  return (
    <Box pos="relative" maw={maw} style={{ lineHeight: 0 }}>
      <img src={src} alt={alt} style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 4 }} />
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', touchAction: 'none' }}
        {...svgProps}
      >
        {areas.map((a) => (
          <g key={a.key} data-area={a.key}>
            <AreaShape area={a.area} tone={a.tone ?? 'plain'} />
            <AreaLabel area={a.area} text={a.mark} size={size} />
          </g>
        ))}
        {children}
      </svg>
    </Box>
  );
}
