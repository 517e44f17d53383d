import { Alert, Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type WinnersDisplay, winnersDisplayLabels, winnersDisplays } from '#contract/public';
import { formatDate } from '../../../lib/dates.js';
import { useWinnersDisplay } from '../api/get-winners-display.js';
import { useSetWinnersDisplay } from '../api/set-winners-display.js';

/**
 * How the olympiad's winners appear on the project's public past-winners page once results are published: the
 * organisers' privacy choice (full name, initial and surname, or the school only).
 */
export function WinnersDisplayPanel({ olympiadId, projectName }: { olympiadId: number; projectName: string }) {
  const current = useWinnersDisplay(olympiadId);
  const save = useSetWinnersDisplay();
  const [choice, setChoice] = useState<WinnersDisplay | null>(null);
  if (current.isPending) return <Skeleton height={120} />;
  if (current.error) return <Alert color="red">{current.error.message}</Alert>;
  const value = choice ?? current.data.winnersDisplay;
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Name the winners on the public page by"
        value={value}
        onChange={(v) => setChoice(v as WinnersDisplay)}
      >
        <Stack gap="xs" mt="xs">
          {winnersDisplays.map((d) => (
            <Radio key={d} value={d} label={winnersDisplayLabels[d]} />
          ))}
        </Stack>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        {current.data.resultsPublishedAt
          ? `The results were published on ${formatDate(current.data.resultsPublishedAt, 'date')}; the change shows at once on /${projectName}/past-winners.`
          : `The winners appear on /${projectName}/past-winners once the results are published.`}
      </Text>
      <Group>
        <Button
          loading={save.isPending}
          disabled={value === current.data.winnersDisplay}
          onClick={() => save.mutate({ olympiadId, winnersDisplay: value }, { onSuccess: () => setChoice(null) })}
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
