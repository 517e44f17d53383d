import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import classes from './CertificateCanvas.module.css';
import {
  clampToPage,
  type FieldValues,
  fieldHeight,
  fieldKindLabels,
  fieldText,
  fontCss,
  isImageField,
  pageSize,
  type Sample,
  type TemplateValues,
} from './fields.js';

let measureContext: CanvasRenderingContext2D | null | undefined;
/** The text's width in points at `size` in the field's font (an offscreen canvas measures it). */
function textWidth(text: string, field: FieldValues, size: number): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * size * 0.5;
  const font = fontCss[field.font];
  measureContext.font = `${font.weight} ${size}px ${font.family}`;
  return measureContext.measureText(text).width;
}

/** The font size at which the text fits its box, as the PDF shrinks long names (`size`: the size it wants). */
function fittedSize(text: string, field: FieldValues, size = field.size): number {
  const width = textWidth(text, field, size);
  return width > field.width ? Math.max(4, (size * field.width) / width) : size;
}

/**
 * A signature field without an image: its signatory printed as the PDF does (contract/certificates.ts), at 0.4 of
 * the field's height on a baseline 4 points above the line.
 */
const SIGNATORY_SCALE = 0.4;
const SIGNATORY_RAISE = 4;
/** About where a line-height-1 text's baseline sits above its box's foot, as a share of its size. */
const DESCENT = 0.2;

function Signatory({ text, field, scale }: { text: string; field: FieldValues; scale: number }) {
  const font = fontCss[field.font];
  const size = fittedSize(text, field, SIGNATORY_SCALE * field.size);
  return (
    <span
      aria-hidden="true"
      className={classes.text}
      style={{
        fontFamily: font.family,
        fontWeight: font.weight,
        fontSize: size * scale,
        color: field.colour,
        textAlign: field.align,
        marginBottom: Math.max(0, SIGNATORY_RAISE - DESCENT * size) * scale,
      }}
    >
      {text}
    </span>
  );
}

const justify = (align: FieldValues['align']) =>
  align === 'left' ? 'flex-start' : align === 'right' ? 'flex-end' : 'center';

/** The platform's frame on a page without a background, as the PDF draws it: three rules and gold corners. */
function Frame({ scale, page }: { scale: number; page: { width: number; height: number } }) {
  const rule = (inset: number, thickness: number, colour: string) => (
    <span
      className={classes.rule}
      style={{
        inset: (inset - thickness / 2) * scale,
        borderWidth: Math.max(1, thickness * scale),
        borderColor: colour,
      }}
    />
  );
  const d = 29;
  return (
    <span aria-hidden="true">
      {rule(16, 0.6, '#1f3a5f')}
      {rule(21, 2.4, '#1f3a5f')}
      {rule(29, 0.7, '#99782e')}
      {(['tl', 'tr', 'bl', 'br'] as const).map((c) => (
        <span
          key={c}
          className={classes.corner}
          style={{
            width: 10 * scale,
            height: 10 * scale,
            left: (c.endsWith('l') ? d : page.width - d) * scale,
            top: (c.startsWith('t') ? d : page.height - d) * scale,
          }}
        />
      ))}
    </span>
  );
}

interface Drag {
  index: number;
  pointerX: number;
  pointerY: number;
  x: number;
  y: number;
}

interface CanvasProps {
  template: TemplateValues;
  selected: number | null;
  onSelect: (index: number) => void;
  onMove: (index: number, position: { x: number; y: number }) => void;
  sample: Sample;
  backgroundUrl: string | null;
  /** The background is a PDF: the canvas names it, the preview prints it. */
  backgroundIsPdf: boolean;
  signatureUrl: string | null;
  /** The PDF's own fonts are on the page (else look-alikes draw until they are); a new value measures again. */
  fontsLoaded: boolean;
  /** The canvas as a whole, for screen readers. */
  label: string;
}

/**
 * The page to scale, with its background and each field as a box: drag a box with the mouse, a finger or a pen
 * (pointer events), or focus it and move it with the arrow keys (Shift: 10 points at a time). Positions are PDF
 * points from the top-left corner.
 */
export function CertificateCanvas({
  template,
  selected,
  onSelect,
  onMove,
  sample,
  backgroundUrl,
  backgroundIsPdf,
  signatureUrl,
  fontsLoaded,
  label,
}: CanvasProps) {
  const { ref, width: boxWidth } = useElementSize();
  const page = pageSize(template.orientation);
  const scale = boxWidth > 0 ? boxWidth / page.width : 0;
  const drag = useRef<Drag | null>(null);

  const pointerDown = (index: number) => (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const field = template.fields[index];
    if (!field) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    onSelect(index);
    drag.current = { index, pointerX: e.clientX, pointerY: e.clientY, x: field.x, y: field.y };
  };
  const pointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || scale === 0) return;
    const field = template.fields[d.index];
    if (!field) return;
    const x = d.x + (e.clientX - d.pointerX) / scale;
    const y = d.y + (e.clientY - d.pointerY) / scale;
    const next = clampToPage(field, page, x, y);
    if (next.x !== field.x || next.y !== field.y) onMove(d.index, next);
  };
  const pointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    drag.current = null;
  };
  const keyDown = (index: number) => (e: KeyboardEvent<HTMLDivElement>) => {
    const field = template.fields[index];
    if (!field) return;
    const step = e.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      onMove(index, clampToPage(field, page, field.x + move[0], field.y + move[1]));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSelect(index);
    }
  };

  return (
    <div
      ref={ref}
      className={classes.page}
      style={{ aspectRatio: `${page.width} / ${page.height}` }}
      role="group"
      aria-label={label}
      data-fonts={fontsLoaded ? 'pdf' : 'look-alike'}
    >
      {backgroundUrl ? <img className={classes.background} src={backgroundUrl} alt="" draggable={false} /> : null}
      {!backgroundUrl && !backgroundIsPdf && scale > 0 ? <Frame scale={scale} page={page} /> : null}
      {backgroundIsPdf ? (
        <Text className={classes.pdfNote} size="xs" c="dimmed">
          PDF background: the preview prints it
        </Text>
      ) : null}
      {scale > 0
        ? template.fields.map((field, index) => {
            const text = fieldText(field, sample);
            const height = fieldHeight(field);
            const font = fontCss[field.font];
            const isSelected = index === selected;
            // The name holds the words shown, so that speech input finds the field by what it sees.
            const named = field.kind === 'signature' ? !signatureUrl : !isImageField(field.kind);
            const name = `${fieldKindLabels[field.kind]}${named && text ? `: ${text}` : ''}`;
            return (
              <div
                // The fields have no ids; their order is their identity while the designer is open.
                key={index}
                role="button"
                tabIndex={0}
                aria-pressed={isSelected}
                aria-label={`${name}, at ${field.x}, ${field.y} points. Arrow keys move it.`}
                data-field-index={index}
                className={classes.field}
                data-selected={isSelected || undefined}
                style={{
                  left: field.x * scale,
                  top: field.y * scale,
                  width: field.width * scale,
                  height: height * scale,
                  justifyContent: justify(field.align),
                  alignItems: isImageField(field.kind) ? 'flex-end' : 'flex-start',
                }}
                onPointerDown={pointerDown(index)}
                onPointerMove={pointerMove}
                onPointerUp={pointerUp}
                onPointerCancel={pointerUp}
                onKeyDown={keyDown(index)}
                onFocus={() => onSelect(index)}
              >
                {field.kind === 'signature' ? (
                  <span className={classes.signature} style={{ justifyContent: justify(field.align) }}>
                    {signatureUrl ? (
                      <img src={signatureUrl} alt="" className={classes.image} draggable={false} />
                    ) : text ? (
                      <Signatory text={text} field={field} scale={scale} />
                    ) : (
                      <span className={classes.placeholder} aria-hidden="true">
                        Signature
                      </span>
                    )}
                  </span>
                ) : field.kind === 'qr' ? (
                  <Box
                    className={classes.qr}
                    style={{ width: field.size * scale, height: field.size * scale }}
                    aria-hidden="true"
                  />
                ) : isImageField(field.kind) ? (
                  <span className={classes.placeholder} aria-hidden="true">
                    {fieldKindLabels[field.kind]}
                  </span>
                ) : (
                  <span
                    aria-hidden="true"
                    className={classes.text}
                    style={{
                      fontFamily: font.family,
                      fontWeight: font.weight,
                      fontSize: fittedSize(text, field) * scale,
                      color: field.colour,
                      textAlign: field.align,
                    }}
                  >
                    {text || '\u00a0'}
                  </span>
                )}
              </div>
            );
          })
        : null}
    </div>
  );
}
