import { List, Stack, Text } from '@mantine/core';
import type { QuestionRecord } from '#contract/authoring';
import type { AnswerKey } from '#contract/questions';
import { withBlanks } from './question-editor/interaction-values.js';
import { optionName, pairName, targetName } from './question-editor/key-words.js';
import { PictureAreas, type ShownArea } from './question-editor/PictureAreas.js';

type KeyedQuestion = Pick<
  QuestionRecord,
  'type' | 'options' | 'targets' | 'gapText' | 'imageUrl' | 'imageAlt' | 'imageWidth' | 'imageHeight' | 'maxChoices'
> & { answerKey: AnswerKey | null };

const letter = (i: number) => String.fromCharCode(65 + i);

/** The first five types' key in a line. */
function keyLine(q: KeyedQuestion, key: AnswerKey): string | null {
  const option = (id: string) => `${id.toUpperCase()} (${q.options.find((o) => o.id === id)?.text ?? '?'})`;
  switch (key.type) {
    case 'single':
      return `Correct: ${option(key.correct)}`;
    case 'multiple':
      return `Correct: ${key.correct.map(option).join(', ')}`;
    case 'true_false':
      return `Correct: ${key.correct ? 'True' : 'False'}`;
    case 'numeric':
      return `Correct: ${key.value} ± ${key.tolerance}`;
    case 'short_text':
      return `Accepted: ${key.accepted.join(' / ')}`;
    default:
      return null;
  }
}

/** The picture with areas, when the question has one and its size. */
function Picture({ q, areas }: { q: KeyedQuestion; areas: ShownArea[] }) {
  if (!q.imageUrl || !q.imageWidth || !q.imageHeight) return null;
  return (
    <PictureAreas
      src={q.imageUrl}
      alt={q.imageAlt}
      width={q.imageWidth}
      height={q.imageHeight}
      areas={areas}
      maw={480}
    />
  );
}

/**
 * A question's key as the verifier checks it: a line for the first five types; for the picture types the key's
 * areas drawn on the picture (the right ones in green); pairs as "label → place"; an order as a numbered list; a
 * text with its gaps filled in.
 */
export function AnswerKeyView({ question: q }: { question: KeyedQuestion }) {
  const key = q.answerKey;
  if (!key) return <Text size="sm">No correct answer yet</Text>;
  const line = keyLine(q, key);
  if (line)
    return (
      <Text size="sm" fw={500}>
        {line}
      </Text>
    );
  switch (key.type) {
    case 'hotspot': {
      const right = new Set(key.correct);
      return (
        <Stack gap="xs" aria-label="The answer">
          <Picture
            q={q}
            areas={q.options.flatMap((o, i) =>
              o.area ? [{ key: o.id, mark: letter(i), area: o.area, tone: right.has(o.id) ? 'key' : 'plain' }] : [],
            )}
          />
          <Text size="sm" fw={500}>
            Right areas (green):{' '}
            {q.options.flatMap((o, i) => (right.has(o.id) ? [`${letter(i)} (${optionName(q, o.id)})`] : [])).join(', ')}
          </Text>
          <Text size="xs" c="dimmed">
            {q.maxChoices === 0
              ? 'A learner may choose any number of areas'
              : `A learner may choose up to ${q.maxChoices}`}
          </Text>
        </Stack>
      );
    }
    case 'select_point':
      return (
        <Stack gap="xs" aria-label="The answer">
          <Picture q={q} areas={key.areas.map((a, i) => ({ key: a.id, mark: letter(i), area: a.area, tone: 'key' }))} />
          <Text size="sm" fw={500}>
            Right: a point inside{' '}
            {key.areas.length === 1
              ? 'the green area'
              : `any green area (${key.areas.map((_, i) => letter(i)).join(', ')})`}
          </Text>
        </Stack>
      );
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return (
        <Stack gap="xs" aria-label="The answer">
          {key.type === 'graphic_gap_match' ? (
            <Picture
              q={q}
              areas={q.targets.flatMap((t, i) => (t.area ? [{ key: t.id, mark: String(i + 1), area: t.area }] : []))}
            />
          ) : null}
          <Text size="sm" fw={500}>
            Right pairs:
          </Text>
          <List size="sm" aria-label="Right pairs">
            {key.correct.map((p) => (
              <List.Item key={`${p.source} ${p.target}`}>{pairName(q, p)}</List.Item>
            ))}
          </List>
          {key.type === 'gap_match' ? (
            <Text size="sm">
              Filled in:{' '}
              {withBlanks(q.gapText, (id) => {
                const words = key.correct.filter((p) => p.target === id).map((p) => optionName(q, p.source));
                return `[${words.join(' / ') || `${targetName(q, id)}: no word`}]`;
              })}
            </Text>
          ) : null}
        </Stack>
      );
    case 'order':
      return (
        <Stack gap="xs" aria-label="The answer">
          <Text size="sm" fw={500}>
            The right order:
          </Text>
          <List type="ordered" size="sm" aria-label="The right order">
            {key.correct.map((id) => (
              <List.Item key={id}>{optionName(q, id)}</List.Item>
            ))}
          </List>
        </Stack>
      );
    case 'inline_choice':
      return (
        <Stack gap={2} aria-label="The answer">
          <Text size="sm" fw={500}>
            Right choice: {optionName(q, key.correct)}
          </Text>
          <Text size="sm">Filled in: {withBlanks(q.gapText, () => `[${optionName(q, key.correct)}]`)}</Text>
        </Stack>
      );
    default:
      return null;
  }
}
