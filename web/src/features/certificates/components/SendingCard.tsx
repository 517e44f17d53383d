import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Confirm } from '../../../components/Confirm.js';
import { formatDate } from '../../../lib/dates.js';
import { jobRunning } from '../api/generate-certificates.js';
import { useRegenerateSchool } from '../api/regenerate-school.js';
import { useSendCertificates } from '../api/send-certificates.js';
import { type SchoolSendStatus, type SendStatus, sendStates } from '../api/shapes.js';
import { SendStateBadge, sendStateLabels } from './SendStateBadge.js';

const PAGE = 25;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Send: mail each school's teacher a link to their certificates (never twice), the counts and each school's state,
 * and "Regenerate and resend" for one school after a name fix.
 */
export function SendingCard({
  olympiadId,
  status,
  generating,
  error,
}: {
  olympiadId: number;
  status: SendStatus | undefined;
  generating: boolean;
  error: Error | null;
}) {
  const send = useSendCertificates();
  const regenerate = useRegenerateSchool();
  const [confirmSend, setConfirmSend] = useState(false);
  const [resend, setResend] = useState<SchoolSendStatus | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const phone = useMediaQuery('(max-width: 40em)');
  const schools = status?.schools ?? [];
  // Schools that would get mail now: a PDF made, not yet mailed.
  const toMail = schools.filter((s) => s.sendState === 'pending' && s.generatedAt && s.certificates > 0).length;
  const running = jobRunning(status?.job);
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle
    ? schools.filter(
        (s) =>
          s.schoolName.toLocaleLowerCase().includes(needle) ||
          (s.teacherEmail ?? '').toLocaleLowerCase().includes(needle),
      )
    : schools;
  const pages = Math.max(1, Math.ceil(shown.length / PAGE));
  const rows = shown.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);
  const counts = status?.counts;
  const total = counts ? counts.pending + counts.queued + counts.sent + counts.failed : 0;

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            2. Send
          </Title>
          <Button
            onClick={() => setConfirmSend(true)}
            disabled={!status || toMail === 0 || running || generating}
            loading={send.isPending || running}
          >
            Send to schools
          </Button>
        </Group>
        <Text size="sm">
          Each school’s teacher gets one mail with a link to the school’s certificates in the portal. A school is mailed
          once; use “Regenerate and resend” for a school whose certificates changed.
        </Text>
        {error ? (
          <Alert color="red" title="Could not get the send status">
            {error.message}
          </Alert>
        ) : null}
        {counts ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {sendStates.map((state) => (
              <Card key={state} withBorder padding="sm" radius="sm">
                <Text size="xs" c="dimmed">
                  {sendStateLabels[state]}
                </Text>
                <Text fw={700} size="xl">
                  {counts[state]}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        ) : null}
        {counts && total > 0 && (counts.queued > 0 || running) ? (
          <Progress
            value={Math.round(((counts.sent + counts.failed) / total) * 100)}
            animated
            aria-label="Sending progress"
          />
        ) : null}
        {schools.length > 0 ? (
          <>
            <TextInput
              type="search"
              aria-label="Search schools"
              placeholder="Search schools"
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', sm: 320 }}
            />
            <Table.ScrollContainer minWidth={phone ? 0 : 720}>
              <Table aria-label="Schools and their certificate mail" verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>School</Table.Th>
                    {phone ? null : <Table.Th ta="right">Certificates</Table.Th>}
                    <Table.Th>Mail</Table.Th>
                    <Table.Th>Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((s) => (
                    <Table.Tr key={s.schoolParticipantId}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {s.schoolName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {s.teacherEmail ?? 'No teacher’s address'}
                        </Text>
                      </Table.Td>
                      {phone ? null : (
                        <Table.Td ta="right">
                          <Text size="sm">{s.certificates}</Text>
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {s.generatedAt ? formatDate(s.generatedAt, 'date') : 'Not made'}
                          </Text>
                        </Table.Td>
                      )}
                      <Table.Td>
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
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setResend(s)}
                          disabled={generating}
                          aria-label={`Regenerate and resend ${s.schoolName}`}
                        >
                          Regenerate and resend
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {rows.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={phone ? 3 : 4}>
                        <Text size="sm" c="dimmed" ta="center" py="sm">
                          No school matches.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 ? (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={setPage}
                  getControlProps={(c) => ({ 'aria-label': `${c} page` })}
                />
              </Group>
            ) : null}
          </>
        ) : status ? (
          <Text size="sm" c="dimmed">
            No school has certificates yet: generate them first.
          </Text>
        ) : null}
      </Stack>
      <Confirm
        opened={confirmSend}
        title="Send the certificates?"
        confirmLabel={`Mail ${plural(toMail, 'school')}`}
        loading={send.isPending}
        onConfirm={() => send.mutate({ olympiadId }, { onSettled: () => setConfirmSend(false) })}
        onClose={() => setConfirmSend(false)}
      >
        {plural(toMail, 'school')} will get a mail with a link to their certificates. Schools already mailed are not
        mailed again.
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
        stay the same), and the teacher{resend?.teacherEmail ? ` (${resend.teacherEmail})` : ''} is mailed the link
        again.
      </Confirm>
    </Card>
  );
}
