import { Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import type { Pair } from '#contract/questions';
import type { QuestionForm } from './form-values.js';

export interface PairSide {
  id: string;
  /** How the item reads in the key: "Gauteng", "Gap 2", "Place 1". */
  name: string;
  /** How many pairs it may be in (QTI's `matchMax`): 1 by default, 0 any. */
  matchMax?: number;
  /** More about it, beside its name: the words before a gap. */
  detail?: string;
}

/**
 * The key of a pairing question: for each row (a gap, a place, a left-hand item) which item of the other side goes
 * with it. A row that may hold more than one (its `matchMax`) takes several. The pairs are kept as the contract
 * has them, option → target, whichever side the rows are.
 */
export function PairsField({
  form,
  title,
  rows,
  choices,
  rowsAre,
  choiceNoun,
}: {
  form: QuestionForm;
  title: string;
  rows: PairSide[];
  choices: PairSide[];
  /** Whether each row is a target (a gap, a place) or an option (a match's left-hand item). */
  rowsAre: 'targets' | 'options';
  choiceNoun: string;
}) {
  const pairs = form.values.pairs;
  const rowOf = (p: Pair) => (rowsAre === 'targets' ? p.target : p.source);
  const choiceOf = (p: Pair) => (rowsAre === 'targets' ? p.source : p.target);
  const pairOf = (row: string, choice: string): Pair =>
    rowsAre === 'targets' ? { source: choice, target: row } : { source: row, target: choice };
  const chosen = (row: string) => pairs.filter((p) => rowOf(p) === row).map(choiceOf);
  const set = (row: string, ids: string[]) =>
    form.setFieldValue('pairs', [...pairs.filter((p) => rowOf(p) !== row), ...ids.map((c) => pairOf(row, c))]);
  const data = choices.map((c) => ({ value: c.id, label: c.name || c.id }));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing to pair yet.
        </Text>
      ) : null}
      {rows.map((row) => {
        const label = `Right ${choiceNoun} for ${row.name}`;
        return (
          <Group key={row.id} wrap="nowrap" gap="xs">
            <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
              {row.name}
              {row.detail ? (
                <Text span c="dimmed" size="sm">
                  {' '}
                  {row.detail}
                </Text>
              ) : null}
            </Text>
            <Text aria-hidden="true">→</Text>
            {row.matchMax === 1 || row.matchMax === undefined ? (
              <Select
                w={260}
                aria-label={label}
                placeholder={`Choose the ${choiceNoun}`}
                clearable
                data={data}
                value={chosen(row.id)[0] ?? null}
                onChange={(id) => set(row.id, id ? [id] : [])}
              />
            ) : (
              <MultiSelect
                w={260}
                aria-label={label}
                placeholder={`Choose the ${choiceNoun}s`}
                data={data}
                value={chosen(row.id)}
                maxValues={row.matchMax || undefined}
                onChange={(ids) => set(row.id, ids)}
              />
            )}
          </Group>
        );
      })}
      {form.errors.pairs ? (
        <Text c="red" size="sm">
          {form.errors.pairs}
        </Text>
      ) : null}
    </Stack>
  );
}
