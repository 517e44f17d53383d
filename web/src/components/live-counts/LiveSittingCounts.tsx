import { Alert, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSittingCounts } from './api.js';
import { formatDate } from '../../lib/dates.js';
import { figure } from '#contract/numbers';
import { useT } from '../../lib/i18n/index.js';

interface LiveSittingCountsProps {
  olympiadId: number | null | undefined;
  title?: string;
  /** One sentence under the title, e.g. "Learners of your school". */
  description?: string;
}

const parts = [
  { key: 'notStarted', label: 'portal.live.notStarted', color: 'gray.5' },
  { key: 'writing', label: 'portal.live.writing', color: 'olympus.6' },
  { key: 'finished', label: 'portal.live.finished', color: 'green.7' },
] as const;

/** The day at a glance: not started / writing / finished, and who is active now; refreshed every 10 s. */
export function LiveSittingCounts({ olympiadId, title, description }: LiveSittingCountsProps) {
  // The teacher reads it in their language; the admin's overview in English.
  const t = useT();
  const counts = useSittingCounts(olympiadId);
  const data = counts.data;
  const total = data ? data.notStarted + data.writing + data.finished : 0;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="live-counts-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="live-counts-title">
              {title ?? t('portal.live.title')}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
          <Text size="sm" c="dimmed">
            {counts.dataUpdatedAt
              ? t('portal.live.updated', { time: formatDate(counts.dataUpdatedAt, 'time') })
              : t('portal.live.live')}
          </Text>
        </Group>
        {counts.isError && !data ? (
          <Alert color="red" variant="light" title={t('portal.live.failed')}>
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
                <Stat key={part.key} label={t(part.label)} value={data[part.key]} color={part.color} />
              ))}
              <Stat
                label={t('portal.live.active')}
                value={data.activeNow}
                color="teal.7"
                hint={t('portal.live.activeHint')}
              />
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
              <Text c="dimmed">{t('portal.live.none')}</Text>
            )}
            <Text size="sm" c="dimmed">
              {total > 0
                ? t('portal.live.totalFinished', {
                    count: total,
                    n: figure(total),
                    percent: Math.round((data.finished / total) * 100),
                  })
                : t('portal.live.total', { count: total, n: figure(total) })}
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
