import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { SignedInSession } from '#contract/sessions';
import { formatDate } from '../lib/dates.js';
import { useT } from '../lib/i18n/index.js';

/** "Firefox 133 on Windows", in the page's language; a browser or system not recognised is said to be unknown. */
export function useDeviceName(): (s: SignedInSession) => string {
  const t = useT();
  return (s) =>
    t('portal.sessions.device', {
      browser: s.browser ?? t('portal.sessions.unknownBrowser'),
      os: s.os ?? t('portal.sessions.unknownSystem'),
    });
}

interface SessionListProps {
  sessions: readonly SignedInSession[];
  /** Shown on each session but the current one when given: ends it. */
  onEnd?: (s: SignedInSession) => void;
  /** The session being ended, whose button spins. */
  ending?: number | null;
}

/**
 * Signed-in sessions as a list (it reads on a phone as on a desk): the device, then the address, the sign-in and
 * the last use in South African time (decision 107). The current one says "This device".
 */
export function SessionList({ sessions, onEnd, ending }: SessionListProps) {
  const t = useT();
  const deviceName = useDeviceName();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('portal.sessions.title')}>
      {sessions.map((s) => (
        <Group
          component="li"
          key={s.id}
          justify="space-between"
          align="flex-start"
          wrap="nowrap"
          gap="sm"
          py="xs"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          data-testid="signed-in-session"
        >
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {deviceName(s)}
              </Text>
              {s.current ? (
                <Badge color="green" variant="light" c="dark.7">
                  {t('portal.sessions.thisDevice')}
                </Badge>
              ) : null}
            </Group>
            {s.impersonatedBy ? (
              <Text size="xs" c="orange.9">
                {t('portal.sessions.actingAs', { name: s.impersonatedBy })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('portal.sessions.address')}: {s.address ?? '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {t('portal.sessions.signedIn')}: {formatDate(s.signedInAt)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('portal.sessions.lastSeen')}: {formatDate(s.lastSeenAt)}
            </Text>
          </Stack>
          {onEnd && !s.current ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              loading={ending === s.id}
              onClick={() => onEnd(s)}
              aria-label={t('portal.sessions.endAria', { device: deviceName(s) })}
            >
              {t('portal.sessions.end')}
            </Button>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
