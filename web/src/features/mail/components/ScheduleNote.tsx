import { Text } from '@mantine/core';
import type { MassMailRow } from '#contract/mail';
import { formatDate } from '../../../lib/dates.js';

/** When a mailing goes: its scheduled time (South African time), or when the sender released it then. */
export function ScheduleNote({ m }: { m: MassMailRow }) {
  if (m.scheduleReleasedAt)
    return (
      <Text size="xs" c="dimmed">
        Released on schedule, {formatDate(m.scheduleReleasedAt)}
      </Text>
    );
  if (!m.scheduledFor) return null;
  if (m.status === 'queued' && m.progress.held === 0) return null;
  return (
    <Text size="xs">
      {m.status === 'draft' ? 'To be released' : 'Scheduled'}: {formatDate(m.scheduledFor)}
    </Text>
  );
}
