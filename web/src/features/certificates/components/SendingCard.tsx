import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { type SchoolSendState, certificateSendStates } from '#contract/certificates';
import { Confirm } from '../../../components/Confirm.js';
import { JobProgress } from '../../../components/JobProgress.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { formatDate } from '../../../lib/dates.js';
import { jobRunning } from '../api/generate-certificates.js';
import { useRegenerateSchool } from '../api/regenerate-school.js';
import { useSendCertificates, useSendStatus } from '../api/send-certificates.js';
import classes from './SendingCard.module.css';
import { type SendState, SendStateBadge, sendStateLabels } from './SendStateBadge.js';
import { count as plural } from '#contract/numbers';
import { unitWords } from '#contract/units';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';

/**
 * Send: mail each school's teacher a link to their certificates (never twice), the counts and each school's state
 * (a page at a time), and "Regenerate and resend" for one school after a name fix.
 */
export function SendingCard({ olympiadId, generating }: { olympiadId: number; generating: boolean }) {
  const list = useListParams('schoolName');
  const w = unitWords(useRouteOlympiad().olympiad?.kind);
  const [sendState, setSendState] = useState<SendState | undefined>(undefined);
  const status = useSendStatus({ ...list.params, olympiadId, sendState });
  const send = useSendCertificates();
  const regenerate = useRegenerateSchool();
  const [confirmSend, setConfirmSend] = useState(false);
  const [resend, setResend] = useState<SchoolSendState | null>(null);
  const phone = useMediaQuery('(max-width: 40em)');
  const data = status.data;
  const counts = data?.counts;
  const running = jobRunning(data?.job);
  // Schools that would get mail now: those not yet mailed.
  const toMail = counts?.pending ?? 0;
  const total = counts ? counts.pending + counts.queued + counts.sent + counts.failed : 0;

  const columns: Column<SchoolSendState>[] = [
    {
      key: 'schoolName',
      label: w.Unit,
      sortable: true,
      render: (s) => (
        <>
          <Text size="sm" fw={600}>
            {s.schoolName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {s.teacherEmail ?? `No ${w.manager}’s address`}
          </Text>
          {phone ? (
            <Group gap={6} mt={4}>
              <SendStateBadge state={s.sendState} />
              <Text size="xs" c="dimmed">
                {plural(s.certificates, 'certificate')}
              </Text>
            </Group>
          ) : null}
        </>
      ),
    },
    {
      key: 'generatedAt',
      label: 'Certificates',
      sortable: true,
      render: (s) => (
        <>
          <Text size="sm">{s.certificates}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {s.generatedAt ? `made ${formatDate(s.generatedAt, 'date')}` : 'Not made'}
          </Text>
        </>
      ),
    },
    {
      key: 'sendState',
      label: 'Mail',
      sortable: true,
      render: (s) => (
        <>
          <SendStateBadge state={s.sendState} />
          {s.sentAt ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDate(s.sentAt)}
            </Text>
          ) : null}
          {s.error ? (
            <Text size="xs" c="red.8">
              {s.error}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'actions',
      label: 'Action',
      render: (s) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => setResend(s)}
          disabled={generating}
          aria-label={`Regenerate and resend ${s.schoolName}`}
        >
          {phone ? 'Resend' : 'Regenerate and resend'}
        </Button>
      ),
    },
  ];

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            2. Send
          </Title>
          <Button
            onClick={() => setConfirmSend(true)}
            disabled={!data || toMail === 0 || running || generating}
            loading={send.isPending || running}
          >
            Send to {w.units}
          </Button>
        </Group>
        <Text size="sm">
          Each {w.unit}’s {w.manager} gets one mail with a link to the {w.unit}’s certificates in the portal. A {w.unit}{' '}
          is mailed once; use “Regenerate and resend” for a {w.unit} whose certificates changed.
        </Text>
        {counts ? (
          <SimpleGrid
            cols={{ base: 2, sm: 4 }}
            spacing="sm"
            role="group"
            aria-label={`Show only the ${w.units} whose mail is`}
          >
            {certificateSendStates.map((state) => (
              <UnstyledButton
                key={state}
                className={classes.count}
                data-active={sendState === state || undefined}
                aria-pressed={sendState === state}
                onClick={() => {
                  setSendState(sendState === state ? undefined : state);
                  list.setPage(1);
                }}
              >
                <Text size="xs" c="dimmed" component="span" display="block">
                  {sendStateLabels[state]}
                </Text>
                <Text fw={700} size="xl" component="span" display="block" data-testid={`send-count-${state}`}>
                  {counts[state]}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        ) : null}
        <JobProgress
          job={data ? data.job : undefined}
          label="Sending progress"
          phases={{ sending: { label: `Mailing each ${w.unit}`, of: w.units } }}
          doneText={`The ${w.units} are mailed`}
          failedTitle="The certificates could not be sent"
        />
        {counts && total > 0 && counts.queued > 0 && !running ? (
          <Stack gap={4}>
            <Progress
              value={Math.round(((counts.sent + counts.failed) / total) * 100)}
              animated
              aria-label="Mail delivery"
            />
            <Text size="sm" c="dimmed">
              {plural(counts.queued, 'mail')} waiting to go out
            </Text>
          </Stack>
        ) : null}
        {status.error && !data ? (
          <Alert color="red" title="Could not get the send status">
            {status.error.message}
          </Alert>
        ) : null}
        {sendState ? (
          <Text size="sm">
            Showing the {w.units} whose mail is <b>{sendStateLabels[sendState].toLowerCase()}</b>.{' '}
            <Anchor component="button" type="button" size="sm" onClick={() => setSendState(undefined)}>
              Show every {w.unit}
            </Anchor>
          </Text>
        ) : null}
        <PagedTable
          label={`${w.Units} and their certificate mail`}
          columns={phone ? columns.filter((c) => c.key === 'schoolName' || c.key === 'actions') : columns}
          rows={data?.schools}
          total={data?.total ?? 0}
          rowKey={(s) => s.schoolParticipantId}
          list={list}
          loading={status.isFetching}
          error={data ? status.error : null}
          searchPlaceholder={`Search ${w.units}`}
          empty={`No ${w.unit} has certificates yet: generate them first.`}
          minWidth={phone ? 0 : 720}
        />
      </Stack>
      <Confirm
        opened={confirmSend}
        title="Send the certificates?"
        confirmLabel={`Mail ${plural(toMail, w.unit, w.units)}`}
        loading={send.isPending}
        onConfirm={() => send.mutate({ olympiadId }, { onSettled: () => setConfirmSend(false) })}
        onClose={() => setConfirmSend(false)}
      >
        {plural(toMail, w.unit, w.units)} will get a mail with a link to their certificates. {w.Units} already mailed
        are not mailed again.
      </Confirm>
      <Confirm
        opened={resend !== null}
        title="Regenerate and resend?"
        confirmLabel="Regenerate and resend"
        loading={regenerate.isPending}
        onConfirm={() => resend && regenerate.mutate(resend, { onSettled: () => setResend(null) })}
        onClose={() => setResend(null)}
      >
        The certificates of <b>{resend?.schoolName}</b> are printed again from the learners’ current names (their codes
        stay the same), and the {w.manager}
        {resend?.teacherEmail ? ` (${resend.teacherEmail})` : ''} is mailed the link again.
      </Confirm>
    </Card>
  );
}
