import { Group, NumberInput, Radio, SimpleGrid, Textarea } from '@mantine/core';
import type { QuestionForm, Values } from './values.js';

/** The answer of a question without options: true or false, a number with its tolerance, or accepted texts. */
export function AnswerField({ form }: { form: QuestionForm }) {
  const v = form.values;
  if (v.type === 'true_false')
    return (
      <Radio.Group
        label="Correct answer"
        value={v.correctTrueFalse}
        onChange={(x) => form.setFieldValue('correctTrueFalse', x as Values['correctTrueFalse'])}
        error={form.errors.correctTrueFalse}
      >
        <Group mt="xs">
          <Radio value="true" label="True" />
          <Radio value="false" label="False" />
        </Group>
      </Radio.Group>
    );
  if (v.type === 'numeric')
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Correct value" {...form.getInputProps('numericValue')} />
        <NumberInput label="Tolerance (±)" min={0} {...form.getInputProps('tolerance')} />
      </SimpleGrid>
    );
  if (v.type === 'short_text')
    return (
      <Textarea
        label="Accepted answers, one a line"
        description="Compared without case and extra spaces"
        autosize
        minRows={2}
        {...form.getInputProps('accepted')}
      />
    );
  return null;
}
