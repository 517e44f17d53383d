import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import type { SchemaForm } from '../../../../lib/forms/index.js';
import { bandId, keyOf, type RuleValues, splitTop } from './rule-values.js';
import type { ResultsSettingsBody } from '#contract/results';
import { unitWords } from '#contract/units';
import { useRouteOlympiad } from '../../../../lib/public-api/use-route-olympiad.js';

/**
 * The award rule: awards best first, each with its name and its share of the learners (percentile mode) or its
 * lowest percent (cut scores); per grade or overall; participation for everyone else; best in school; and the
 * top-schools N. The "split the top X %" helper fills the first shares in a ratio.
 */
export function RuleEditor({
  form,
  saving,
  onSubmit,
}: {
  form: SchemaForm<RuleValues, ResultsSettingsBody>;
  saving: boolean;
  onSubmit: (e?: React.FormEvent<HTMLFormElement>) => void;
}) {
  const w = unitWords(useRouteOlympiad().olympiad?.kind);
  const rule = form.values.awardRule;
  const percentile = rule.mode === 'percentile';
  const [top, setTop] = useState<number | string>(40);
  const [ratio, setRatio] = useState('1:2:3');
  const [splitError, setSplitError] = useState<string | null>(null);
  const total = rule.bands.reduce((sum, b) => sum + (Number(b.share) || 0), 0);

  const split = () => {
    const bands = splitTop(rule.bands, Number(top), ratio);
    if (!bands) return setSplitError('Give the top share in % and a ratio such as 1:2:3');
    setSplitError(null);
    form.setFieldValue('awardRule.bands', bands);
  };
  const move = (from: number, to: number) => form.reorderListItem('awardRule.bands', { from, to });

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={onSubmit} aria-labelledby="rule-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="rule-heading">
          Award rule
        </Title>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="mode-label">
            Who gets an award
          </Text>
          <SegmentedControl
            aria-labelledby="mode-label"
            data={[
              { value: 'percentile', label: 'Share of learners' },
              { value: 'cut_score', label: 'Lowest percent' },
            ]}
            {...form.getInputProps('awardRule.mode')}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="scope-label">
            Ranked among
          </Text>
          <SegmentedControl
            aria-labelledby="scope-label"
            data={[
              { value: 'overall', label: 'Everyone' },
              { value: 'grade', label: 'Each grade' },
            ]}
            {...form.getInputProps('awardRule.scope')}
          />
        </Stack>

        <Stack gap="xs" role="group" aria-label="Awards, best first">
          <Text size="sm" fw={500}>
            Awards, best first
          </Text>
          <Text size="xs" c="dimmed">
            Each award has a certificate of its own kind:{' '}
            {rule.bands
              .map((b) => keyOf(b.label))
              .filter(Boolean)
              .concat('participation')
              .join(', ')}
            .
          </Text>
          {rule.bands.map((band, i) => (
            <Group key={band.id} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={`Award ${i + 1} name`}
                placeholder="Gold"
                style={{ flex: 1, minWidth: 0 }}
                {...form.getInputProps(`awardRule.bands.${i}.label`)}
              />
              {percentile ? (
                <NumberInput
                  label="Share"
                  suffix=" %"
                  min={0}
                  max={100}
                  decimalScale={2}
                  w={96}
                  {...form.getInputProps(`awardRule.bands.${i}.share`)}
                />
              ) : (
                <NumberInput
                  label="From"
                  suffix=" %"
                  min={0}
                  max={100}
                  decimalScale={2}
                  w={96}
                  {...form.getInputProps(`awardRule.bands.${i}.minPercent`)}
                />
              )}
              <Group gap={2} mt={26} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move ${band.label || `award ${i + 1}`} up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${band.label || `award ${i + 1}`}`}
                  onClick={() => form.removeListItem('awardRule.bands', i)}
                >
                  ✕
                </ActionIcon>
              </Group>
            </Group>
          ))}
          {typeof form.errors['awardRule.bands'] === 'string' ? (
            <Text c="red" size="sm" role="alert">
              {form.errors['awardRule.bands']}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button
              variant="light"
              size="xs"
              disabled={rule.bands.length >= 10}
              onClick={() =>
                form.insertListItem('awardRule.bands', { id: bandId(), label: '', share: '', minPercent: '' })
              }
            >
              Add an award
            </Button>
            {percentile ? (
              <Text size="sm" c={total > 100 ? 'red' : 'dimmed'}>
                Awards go to the top {+total.toFixed(2)} %
              </Text>
            ) : null}
          </Group>
        </Stack>

        {percentile ? (
          <Card withBorder radius="sm" padding="sm" bg="gray.0">
            <Group align="flex-end" gap="xs" wrap="wrap">
              <NumberInput label="Split the top" suffix=" %" min={1} max={100} w={110} value={top} onChange={setTop} />
              <TextInput label="in the ratio" w={110} value={ratio} onChange={(e) => setRatio(e.currentTarget.value)} />
              <Button variant="default" onClick={split}>
                Split
              </Button>
            </Group>
            {splitError ? (
              <Text c="red" size="sm" mt={4} role="alert">
                {splitError}
              </Text>
            ) : null}
          </Card>
        ) : null}

        <TextInput
          label="Everyone else gets"
          description="The participation award (and its certificate)"
          {...form.getInputProps('awardRule.participationLabel')}
        />
        <Checkbox
          label={`Best in ${w.unit}: each ${w.unit}’s top scorer(s) also get an award`}
          {...form.getInputProps('awardRule.bestInSchool', { type: 'checkbox' })}
        />
        <Checkbox
          label="A score of 0 gets no award (not even participation)"
          {...form.getInputProps('awardRule.excludeZero', { type: 'checkbox' })}
        />
        <NumberInput
          label={`Top ${w.entrants}: the mean of each ${w.unit}’s best`}
          suffix=" learners"
          min={1}
          max={1000}
          w={260}
          {...form.getInputProps('topSchoolsBestN')}
        />
        {Object.keys(form.errors).length ? (
          <Alert color="red" variant="light" role="alert">
            Some fields need attention.
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={saving}>
            Save the rule
          </Button>
          {form.isDirty() ? (
            <Text size="sm" c="dimmed">
              Not saved yet: the chart shows this rule.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
