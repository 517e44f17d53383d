import { useT } from '../../../lib/i18n/index.js';
import { type CSSProperties, type HTMLAttributes, type ReactNode, type SVGProps, useState } from 'react';
import type { Area, LearnerQuestion, Point } from '#contract/index';
import { QuestionImage } from '../../phone-images.js';
import classes from './interactions.module.css';

/** The picture's own size in pixels: what areas and points are measured in (decision 084). */
export interface PictureSize {
  width: number;
  height: number;
}

/**
 * The question's picture size, else the size the browser reads from the file once it loads (a question being
 * written in the editor may not have it yet).
 */
export function usePictureSize(question: Pick<LearnerQuestion, 'imageWidth' | 'imageHeight'>) {
  const [read, setRead] = useState<PictureSize | null>(null);
  const given =
    question.imageWidth && question.imageHeight ? { width: question.imageWidth, height: question.imageHeight } : null;
  return [given ?? read, setRead] as const;
}

/** Where a point of the picture is on the shown picture, as a share of each side (for marks drawn in HTML). */
export function at(point: Point, size: PictureSize): CSSProperties {
  return { left: `${(100 * point.x) / size.width}%`, top: `${(100 * point.y) / size.height}%` };
}

/** The middle of an area, where its number or its label is shown. */
export function centreOf(area: Area): Point {
  switch (area.shape) {
    case 'circle':
      return { x: area.x, y: area.y };
    case 'rect':
      return { x: area.x + area.w / 2, y: area.y + area.h / 2 };
    case 'poly': {
      const n = area.points.length;
      return {
        x: area.points.reduce((sum, [x]) => sum + x, 0) / n,
        y: area.points.reduce((sum, [, y]) => sum + y, 0) / n,
      };
    }
  }
}

type ShapeProps = Omit<SVGProps<SVGGeometryElement>, 'ref'>;

/** An area drawn in the picture's pixels; its outline keeps its width in screen pixels whatever the scale. */
export function AreaShape({ area, ...props }: { area: Area } & ShapeProps) {
  const common = { vectorEffect: 'non-scaling-stroke', ...props } as const;
  switch (area.shape) {
    case 'circle':
      return <circle cx={area.x} cy={area.y} r={area.r} {...common} />;
    case 'rect':
      return <rect x={area.x} y={area.y} width={area.w} height={area.h} {...common} />;
    case 'poly':
      return <polygon points={area.points.map((p) => p.join(',')).join(' ')} {...common} />;
  }
}

interface PictureProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  question: Pick<LearnerQuestion, 'imageUrl' | 'imageAlt'>;
  /** The picture's own size (`usePictureSize`), and where to tell the size read from the file. */
  size: PictureSize | null;
  onSize: (size: PictureSize) => void;
  /** What is drawn over the picture, in its own pixels (an SVG with the picture's viewBox). */
  shapes?: (size: PictureSize) => ReactNode;
  /** What is placed over the picture in HTML (numbers, labels, a marker), positioned with `at`. */
  marks?: (size: PictureSize) => ReactNode;
}

/**
 * The question's picture at the width the page has (never wider than its own), with areas drawn over it in the
 * picture's pixels: the SVG's viewBox is the picture's size, so they scale with it.
 */
export function Picture({ question, size, onSize, shapes, marks, className, style, ...frame }: PictureProps) {
  const t = useT();
  if (!question.imageUrl) return <p className={classes.missing}>{t('learner.answer.noPicture')}</p>;
  return (
    <div {...frame} className={`${classes.picture} ${className ?? ''}`} style={{ maxWidth: size?.width, ...style }}>
      <QuestionImage
        className={classes.pictureImage}
        src={question.imageUrl}
        alt={question.imageAlt}
        width={size?.width}
        height={size?.height}
        draggable={false}
        onLoad={(event) => {
          const img = event.currentTarget;
          if (!size && img.naturalWidth && img.naturalHeight)
            onSize({ width: img.naturalWidth, height: img.naturalHeight });
        }}
      />
      {size ? (
        <>
          <svg
            className={classes.overlay}
            viewBox={`0 0 ${size.width} ${size.height}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {shapes?.(size)}
          </svg>
          {marks?.(size)}
        </>
      ) : null}
    </div>
  );
}
