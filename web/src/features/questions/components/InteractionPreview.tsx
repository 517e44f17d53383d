import { Badge, Checkbox, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Fragment, type MouseEvent, useState } from 'react';
import type { QuestionRecord } from '#contract/authoring';
import { gapIdsOf } from './question-editor/interaction-values.js';
import { PictureAreas } from './question-editor/PictureAreas.js';

export type PreviewQuestion = Pick<
  QuestionRecord,
  | 'type'
  | 'prompt'
  | 'imageUrl'
  | 'imageAlt'
  | 'options'
  | 'marks'
  | 'imageWidth'
  | 'imageHeight'
  | 'targets'
  | 'gapText'
  | 'maxChoices'
>;

const letter = (i: number) => String.fromCharCode(65 + i);
/** A gap in the text, the pieces around it kept: "The capital is {{g1}}." → ["The capital is ", "g1", "."]. */
const pieces = (text: string) => text.split(/\{\{\s*([A-Za-z0-9_-]{1,20})\s*\}\}/);

/**
 * What a learner is asked to do in one of the seven interactions of decision 084, drawn for the admin who writes it
 * and the admin who verifies it: the picture with its areas or places, the text with its gaps, the items to order
 * or to match. Nothing of the key. The learner's own page has controls of its own; this shows the same parts.
 */
export function InteractionPreview({ question: q }: { question: PreviewQuestion }) {
  const picture = q.imageUrl && q.imageWidth && q.imageHeight ? q : null;
  switch (q.type) {
    case 'hotspot':
      return (
        <Stack gap="sm">
          {picture ? (
            <PictureAreas
              src={picture.imageUrl!}
              alt={q.imageAlt}
              width={picture.imageWidth!}
              height={picture.imageHeight!}
              areas={q.options.flatMap((o, i) => (o.area ? [{ key: o.id, mark: letter(i), area: o.area }] : []))}
            />
          ) : null}
          <Checkbox.Group
            label={
              q.maxChoices === 1
                ? 'Choose one area'
                : q.maxChoices === 0
                  ? 'Choose every right area'
                  : `Choose up to ${q.maxChoices} areas`
            }
          >
            <Stack gap="xs" mt="xs">
              {q.options.map((o, i) => (
                <Checkbox key={o.id} value={o.id} label={`${letter(i)}. ${o.text || `Area ${letter(i)}`}`} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Stack>
      );
    case 'select_point':
      return picture ? <PointPreview q={q} /> : null;
    case 'graphic_gap_match':
      return (
        <Stack gap="sm">
          {picture ? (
            <PictureAreas
              src={picture.imageUrl!}
              alt={q.imageAlt}
              width={picture.imageWidth!}
              height={picture.imageHeight!}
              areas={q.targets.flatMap((t, i) => (t.area ? [{ key: t.id, mark: String(i + 1), area: t.area }] : []))}
            />
          ) : null}
          <Labels words={q.options.map((o) => o.text)} />
          {q.targets.map((t, i) => (
            <Choice
              key={t.id}
              label={`Place ${i + 1}${t.text ? ` (${t.text})` : ''}`}
              choices={q.options.map((o) => o.text)}
            />
          ))}
        </Stack>
      );
    case 'gap_match':
    case 'inline_choice':
      return <GapText q={q} />;
    case 'order': {
      // Each learner gets the items in an order of their own; here one that is not the answer.
      const shown = q.options.length > 1 ? [...q.options.slice(1), q.options[0]!] : q.options;
      return (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Put these in the right order
          </Text>
          <ol style={{ margin: 0 }}>
            {shown.map((o) => (
              <li key={o.id}>{o.text}</li>
            ))}
          </ol>
          <Text size="xs" c="dimmed">
            Each learner gets the items in an order of their own.
          </Text>
        </Stack>
      );
    }
    case 'match':
      return (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Match each item with one on the right
          </Text>
          {q.options.map((o, i) => (
            <Choice
              key={o.id}
              label={`${letter(i)}. ${o.text}`}
              choices={q.targets.map((t, j) => t.text || `Item ${j + 1}`)}
            />
          ))}
        </Stack>
      );
    default:
      return null;
  }
}

function Labels({ words }: { words: string[] }) {
  return (
    <Group gap="xs" aria-label="Labels to place">
      {words.map((w, i) => (
        <Badge key={i} variant="outline" size="lg" tt="none">
          {w || `Label ${letter(i)}`}
        </Badge>
      ))}
    </Group>
  );
}

function Choice({ label, choices }: { label: string; choices: string[] }) {
  return (
    <NativeSelect
      label={label}
      maw={420}
      data={[{ value: '', label: 'Choose…' }, ...choices.map((c, i) => ({ value: String(i), label: c || '…' }))]}
    />
  );
}

/** The text with each gap a choice of the words (gap match) or of the choices (inline choice). */
function GapText({ q }: { q: PreviewQuestion }) {
  const gaps = gapIdsOf(q.gapText);
  const words = q.options.map((o) => o.text);
  return (
    <Stack gap="xs">
      {q.type === 'gap_match' ? <Labels words={words} /> : null}
      {q.gapText.split(/\n\s*\n/).map((paragraph, p) => (
        <Text key={p} component="div" style={{ lineHeight: 2.4 }}>
          {pieces(paragraph).map((piece, i) =>
            i % 2 === 0 ? (
              <Fragment key={i}>{piece}</Fragment>
            ) : (
              <NativeSelect
                key={i}
                aria-label={`Gap ${gaps.indexOf(piece) + 1}`}
                display="inline-block"
                mx={4}
                size="xs"
                data={[{ value: '', label: '_____' }, ...words.map((w, j) => ({ value: String(j), label: w || '…' }))]}
              />
            ),
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** The picture to point at: a click puts the point (the learner's page also takes it from the keyboard). */
function PointPreview({ q }: { q: PreviewQuestion }) {
  const [point, setPoint] = useState<{ x: number; y: number } | null>(null);
  const width = q.imageWidth!;
  const height = q.imageHeight!;
  const put = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    setPoint({
      x: Math.round(((e.clientX - box.left) * width) / box.width),
      y: Math.round(((e.clientY - box.top) * height) / box.height),
    });
  };
  const r = Math.max(6, Math.round(Math.max(width, height) / 80));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Click the picture to put your point
      </Text>
      <PictureAreas
        src={q.imageUrl!}
        alt={q.imageAlt}
        width={width}
        height={height}
        areas={[]}
        svgProps={{
          onClick: put,
          style: { position: 'absolute', inset: 0, width: '100%', height: '100%', cursor: 'crosshair' },
        }}
      >
        {point ? (
          <circle cx={point.x} cy={point.y} r={r} fill="var(--mantine-color-red-6)" stroke="#fff" strokeWidth={2} />
        ) : null}
      </PictureAreas>
    </Stack>
  );
}
