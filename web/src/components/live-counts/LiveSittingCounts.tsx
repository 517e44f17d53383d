import { Alert, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSittingCounts } from './api.js';
import { formatDate } from '../../lib/dates.js';
import { count } from '#contract/numbers';

interface LiveSittingCountsProps {
  olympiadId: number | null | undefined;
  title?: string;
  /** One sentence under the title, e.g. "Learners of your school". */
  description?: string;
}

const parts = [
  { key: 'notStarted', label: 'Not started', color: 'gray.5' },
  { key: 'writing', label: 'Writing', color: 'olympus.6' },
  { key: 'finished', label: 'Finished', color: 'green.7' },
] as const;

/** The day at a glance: not started / writing / finished, and who is active now; refreshed every 10 s. */
export function LiveSittingCounts({ olympiadId, title = 'Writing today', description }: LiveSittingCountsProps) {
  const counts = useSittingCounts(olympiadId);
  const data = counts.data;
  const total = data ? data.notStarted + data.writing + data.finished : 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="live-counts-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="live-counts-title">
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
          <Text size="sm" c="dimmed">
            {counts.dataUpdatedAt ? `Live · updated ${formatDate(counts.dataUpdatedAt, 'time')}` : 'Live'}
          </Text>
        </Group>
        {counts.isError && !data ? (
          <Alert color="red" variant="light" title="Could not load the counts">
            {counts.error.message}
          </Alert>
        ) : null}
        {!data ? (
          counts.isError ? null : (
            <Skeleton height={90} />
          )
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              {parts.map((part) => (
                <Stat key={part.key} label={part.label} value={data[part.key]} color={part.color} />
              ))}
              <Stat label="Active now" value={data.activeNow} color="teal.7" hint="seen in the last 2 minutes" />
            </SimpleGrid>
            {total > 0 ? (
              <Progress.Root size={22} radius="sm" aria-hidden="true">
                {parts.map((part) =>
                  data[part.key] > 0 ? (
                    <Progress.Section key={part.key} value={(data[part.key] / total) * 100} color={part.color} />
                  ) : null,
                )}
              </Progress.Root>
            ) : (
              <Text c="dimmed">No learners yet.</Text>
            )}
            <Text size="sm" c="dimmed">
              {count(total, 'learner')} in all
              {total > 0 ? `: ${Math.round((data.finished / total) * 100)}% finished` : ''}.
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Stat({ label, value, color, hint }: { label: string; value: number; color: string; hint?: string }) {
  return (
    <div>
      <Group gap={6} wrap="nowrap">
        <span
          aria-hidden="true"
          style={{
            width: 10,
            height: 10,
            borderRadius: 3,
            background: `var(--mantine-color-${color.replace('.', '-')})`,
          }}
        />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Text fz={28} fw={700} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
