import { NumberInput, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import type { QuestionForm, Values } from './values.js';

/** The accepted answers, each once (a line written twice has one row of points). */
const acceptedLines = (v: Values) => [
  ...new Set(
    v.accepted
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/**
 * Partial credit (decision 082): for multiple choice, points per option; for short text, points per accepted answer;
 * for a number, a wider tolerance worth part of the marks. The best answer must score the question's marks.
 */
export function PartialCreditField({ form }: { form: QuestionForm }) {
  const v = form.values;
  if (v.type !== 'multiple' && v.type !== 'short_text' && v.type !== 'numeric') return null;
  const toggle = (
    <Switch
      label="Partial credit"
      description={
        v.type === 'numeric'
          ? 'Give part of the marks to an answer within a wider tolerance'
          : v.type === 'multiple'
            ? 'Give each option points (negative for a wrong one) instead of all or nothing'
            : 'Give each accepted answer its own points instead of all or nothing'
      }
      checked={v.partialCredit}
      onChange={(e) => {
        const on = e.currentTarget.checked;
        form.setFieldValue('partialCredit', on);
        // A start that already adds up: the marks shared among the options ticked correct.
        if (on && v.type === 'multiple' && Object.keys(v.optionPoints).length === 0 && v.correctMultiple.length)
          form.setFieldValue(
            'optionPoints',
            Object.fromEntries(
              v.correctMultiple.map((id) => [id, Math.round((v.marks / v.correctMultiple.length) * 100) / 100]),
            ),
          );
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
  const rows =
    v.type === 'multiple'
      ? v.options.map((o) => ({
          key: o.id,
          label: `Option ${o.id.toUpperCase()}`,
          text: o.text,
          value: v.optionPoints[o.id] ?? '',
          placeholder: 'Default',
          set: (p: number | '') => form.setFieldValue('optionPoints', { ...v.optionPoints, [o.id]: p }),
        }))
      : acceptedLines(v).map((a) => ({
          key: a,
          label: `“${a}”`,
          text: a,
          value: v.answerPoints[a] ?? v.marks,
          placeholder: '',
          set: (p: number | '') => form.setFieldValue('answerPoints', { ...v.answerPoints, [a]: p }),
        }));
  const number = (x: string | number): number | '' => (x === '' || Number.isNaN(Number(x)) ? '' : Number(x));
  return (
    <Stack gap="xs">
      {toggle}
      <Table aria-label={v.type === 'multiple' ? 'Points per option' : 'Points per accepted answer'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{v.type === 'multiple' ? 'Option' : 'Accepted answer'}</Table.Th>
            <Table.Th w={140}>Points</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{v.type === 'multiple' ? `${r.key.toUpperCase()}: ${r.text}` : r.text}</Table.Td>
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
          label={v.type === 'multiple' ? 'Points for an option without points' : 'Points for any other answer'}
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
        {v.type === 'multiple'
          ? 'A learner’s score is the sum of the points of the options they chose, kept between the lowest and highest score. '
          : 'A learner’s score is the points of the answer they gave, kept between the lowest and highest score. '}
        The best answer must score the question’s marks.
      </Text>
    </Stack>
  );
}
