import { Alert, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates.js';
import { useRetentionSetting, useSetRetention } from '../api/retention.js';

/**
 * How long the olympiad keeps its learners' personal data after its results are published (decision 108). When the
 * period is over, the overlord's retention report lists the olympiad and, once confirmed, the schedule anonymises
 * its learners; the results and statistics stay.
 */
export function RetentionPanel({ olympiadId }: { olympiadId: number }) {
  const current = useRetentionSetting(olympiadId);
  const save = useSetRetention();
  const [months, setMonths] = useState<number | null>(null);
  if (current.isPending) return <Skeleton height={96} />;
  if (current.error) return <Alert color="red">{current.error.message}</Alert>;
  const value = months ?? current.data.retentionMonths;
  return (
    <Stack gap="sm">
      <NumberInput
        label="Months after the results are published"
        description="From 1 to 240. Learners’ names, answers in words, sign-ins and mail are then anonymised."
        min={1}
        max={240}
        allowDecimal={false}
        value={value}
        onChange={(v) => setMonths(typeof v === 'number' ? v : null)}
        maw={280}
      />
      <Text size="sm" c="dimmed">
        {current.data.until
          ? `The results were published on ${formatDate(current.data.resultsPublishedAt, 'date')}: kept until ${formatDate(current.data.until, 'longDate')}.`
          : 'The period starts when the results are published.'}
      </Text>
      {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
      <Group>
        <Button
          loading={save.isPending}
          disabled={value === current.data.retentionMonths || value < 1 || value > 240}
          onClick={() => save.mutate({ olympiadId, retentionMonths: value }, { onSuccess: () => setMonths(null) })}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
