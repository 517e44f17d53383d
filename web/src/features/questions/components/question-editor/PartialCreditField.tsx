import { NumberInput, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { keyAreaName } from '#contract/interactions';
import { isPairType, pairResponse, type QuestionType } from '#contract/questions';
import type { QuestionForm, Values } from './form-values.js';
import { pairsOf } from './interaction-values.js';
import { optionName, pairName } from './key-words.js';

/** The accepted answers, each once (a line written twice has one row of points). */
const acceptedLines = (v: Values) => [
  ...new Set(
    v.accepted
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** The types whose key can carry points (decision 082, and 084 for the interactions a mapping reads). */
const creditTypes: readonly QuestionType[] = [
  'multiple',
  'short_text',
  'numeric',
  'hotspot',
  'select_point',
  'graphic_gap_match',
  'gap_match',
  'match',
];

/** What the switch offers, by type. */
const offers: Partial<Record<QuestionType, string>> = {
  numeric: 'Give part of the marks to an answer within a wider tolerance',
  multiple: 'Give each option points (negative for a wrong one) instead of all or nothing',
  short_text: 'Give each accepted answer its own points instead of all or nothing',
  hotspot: 'Give each area points (negative for a wrong one) instead of all or nothing',
  select_point: 'Give each key area its own points instead of all or nothing',
};
const pairOffer = 'Give each right pair points instead of all or nothing';

/** The marks shared among `n` parts, in hundredths: a start that already adds up. */
const share = (marks: number, n: number) => Math.round((marks / n) * 100) / 100;

interface Row {
  key: string;
  label: string;
  text: string;
  value: number | '';
  placeholder: string;
  set: (p: number | '') => void;
}

/** The rows of points a type's mapping is made of, with the table's names. */
function rowsOf(form: QuestionForm): { rows: Row[]; table: string; column: string; sum: boolean } {
  const v = form.values;
  const set = (field: 'optionPoints' | 'answerPoints' | 'areaPoints' | 'pairPoints', key: string) => (p: number | '') =>
    form.setFieldValue(field, { ...v[field], [key]: p });
  if (v.type === 'multiple' || v.type === 'hotspot') {
    const area = v.type === 'hotspot';
    return {
      table: area ? 'Points per area' : 'Points per option',
      column: area ? 'Area' : 'Option',
      sum: true,
      rows: v.options.map((o, i) => ({
        key: o.id,
        label: area ? `Area ${String.fromCharCode(65 + i)}` : `Option ${o.id.toUpperCase()}`,
        text: `${area ? String.fromCharCode(65 + i) : o.id.toUpperCase()}: ${area ? optionName(v, o.id) : o.text}`,
        value: v.optionPoints[o.id] ?? '',
        placeholder: 'Default',
        set: set('optionPoints', o.id),
      })),
    };
  }
  if (v.type === 'select_point')
    return {
      table: 'Points per key area',
      column: 'Key area',
      sum: false,
      // Named as the points in words name them ("Area A"), by the key area's own id.
      rows: v.keyAreas.map((a) => ({
        key: a.id,
        label: keyAreaName(a.id),
        text: keyAreaName(a.id),
        value: v.areaPoints[a.id] ?? v.marks,
        placeholder: '',
        set: set('areaPoints', a.id),
      })),
    };
  if (isPairType(v.type))
    return {
      table: 'Points per pair',
      column: 'Right pair',
      sum: true,
      rows: pairsOf(v).map((p) => {
        const response = pairResponse(p);
        return {
          key: response,
          label: pairName(v, p),
          text: pairName(v, p),
          value: v.pairPoints[response] ?? '',
          placeholder: 'Default',
          set: set('pairPoints', response),
        };
      }),
    };
  return {
    table: 'Points per accepted answer',
    column: 'Accepted answer',
    sum: false,
    rows: acceptedLines(v).map((a) => ({
      key: a,
      label: `“${a}”`,
      text: a,
      value: v.answerPoints[a] ?? v.marks,
      placeholder: '',
      set: set('answerPoints', a),
    })),
  };
}

/**
 * Partial credit (decision 082): points per option or area, per accepted answer, per key area of a select-point
 * question or per right pair; for a number, a wider tolerance worth part of the marks. The best answer must score
 * the question's marks.
 */
export function PartialCreditField({ form }: { form: QuestionForm }) {
  const v = form.values;
  if (!creditTypes.includes(v.type)) return null;
  const start = () => {
    // A start that already adds up: the marks shared among the options ticked correct, or the right pairs.
    if (v.type === 'multiple' || v.type === 'hotspot') {
      const correct = v.type === 'multiple' ? v.correctMultiple : v.correctHotspot;
      if (Object.keys(v.optionPoints).length === 0 && correct.length)
        form.setFieldValue(
          'optionPoints',
          Object.fromEntries(correct.map((id) => [id, share(v.marks, correct.length)])),
        );
    }
    const pairs = pairsOf(v);
    if (isPairType(v.type) && Object.keys(v.pairPoints).length === 0 && pairs.length)
      form.setFieldValue(
        'pairPoints',
        Object.fromEntries(pairs.map((p) => [pairResponse(p), share(v.marks, pairs.length)])),
      );
  };
  const toggle = (
    <Switch
      label="Partial credit"
      description={offers[v.type] ?? pairOffer}
      checked={v.partialCredit}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        form.setFieldValue('partialCredit', on);
        if (on) start();
      }}
    />
  );
  if (!v.partialCredit) return toggle;
  if (v.type === 'numeric')
    return (
      <Stack gap="xs">
        {toggle}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Wider tolerance (±)" min={0} {...form.getInputProps('widerTolerance')} />
          <NumberInput
            label="Marks within the wider tolerance"
            min={0}
            decimalScale={2}
            {...form.getInputProps('widerPoints')}
          />
        </SimpleGrid>
      </Stack>
    );
  const { rows, table, column, sum } = rowsOf(form);
  const number = (x: string | number): number | '' => (x === '' || Number.isNaN(Number(x)) ? '' : Number(x));
  return (
    <Stack gap="xs">
      {toggle}
      <Table aria-label={table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{column}</Table.Th>
            <Table.Th w={140}>Points</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.text}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={`Points for ${r.label}`}
                  decimalScale={2}
                  min={-100}
                  max={100}
                  placeholder={r.placeholder}
                  value={r.value}
                  onChange={(x) => r.set(number(x))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {form.errors.points ? (
        <Text c="red" size="sm" role="alert">
          {form.errors.points}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={defaultLabel(v.type)}
          decimalScale={2}
          min={-100}
          max={100}
          {...form.getInputProps('defaultPoints')}
        />
        <NumberInput label="Lowest score" decimalScale={2} min={0} max={100} {...form.getInputProps('lowerBound')} />
        <NumberInput
          label="Highest score"
          description="Blank: the question's marks"
          decimalScale={2}
          min={0}
          max={100}
          {...form.getInputProps('upperBound')}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {sum
          ? `A learner’s score is the sum of the points of the ${isPairType(v.type) ? 'pairs they made' : v.type === 'hotspot' ? 'areas they chose' : 'options they chose'}, kept between the lowest and highest score. `
          : v.type === 'select_point'
            ? 'A learner’s score is the points of the key area their point is in, kept between the lowest and highest score. '
            : 'A learner’s score is the points of the answer they gave, kept between the lowest and highest score. '}
        The best answer must score the question’s marks.
      </Text>
    </Stack>
  );
}

function defaultLabel(type: QuestionType): string {
  if (type === 'multiple') return 'Points for an option without points';
  if (type === 'hotspot') return 'Points for an area without points';
  if (type === 'select_point') return 'Points for a point outside the key areas';
  if (isPairType(type)) return 'Points for any other pair';
  return 'Points for any other answer';
}
