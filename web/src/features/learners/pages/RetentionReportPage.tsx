import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { RetentionRow } from '#contract/personal-data';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDate } from '../../../lib/dates.js';
import { useConfirmRetention, useRetentionReport, useWithdrawRetention } from '../api/retention.js';

/**
 * /overlord/retention (decision 108): the dry run of the retention schedule. Reading it changes nothing. An olympiad
 * past its period is anonymised only after the overlord confirms it here, and only a week later, so that its admins
 * can object and the confirmation can be withdrawn; what the schedule did is in the activity log.
 */
export function RetentionReportPage() {
  const report = useRetentionReport();
  const confirm = useConfirmRetention();
  const withdraw = useWithdrawRetention();
  return (
    <>
      <PageHeader
        title="Retention"
        description="Each olympiad keeps its learners’ personal data for its retention period after its results are published. This report changes nothing; the daily schedule acts only on olympiads you confirm, a week after you confirm them."
      />
      {report.isPending ? <Skeleton height={240} /> : null}
      {report.error ? <Alert color="red">{report.error.message}</Alert> : null}
      {confirm.error ? <Alert color="red">{confirm.error.message}</Alert> : null}
      {confirm.data ? <Alert color="teal">{confirm.data.message}</Alert> : null}
      {report.data ? (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              As of {formatDate(report.data.generatedAt)}. After a confirmation the schedule waits{' '}
              {report.data.graceDays} days, and anonymises only the learners counted when you confirmed.
            </Text>
            {report.data.items.length === 0 ? (
              <Text>No olympiad has published results yet.</Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Olympiad</Table.Th>
                      <Table.Th>Results published</Table.Th>
                      <Table.Th>Kept until</Table.Th>
                      <Table.Th>Learners to anonymise</Table.Th>
                      <Table.Th>State</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.data.items.map((r) => (
                      <Table.Tr key={r.olympiadId}>
                        <Table.Td>
                          {r.title} ({r.year})
                        </Table.Td>
                        <Table.Td>{formatDate(r.resultsPublishedAt, 'date')}</Table.Td>
                        <Table.Td>
                          {formatDate(r.until, 'date')} ({r.retentionMonths} months)
                        </Table.Td>
                        <Table.Td>
                          {r.learners}
                          {r.forgotten ? ` (${r.forgotten} forgotten already)` : ''}
                        </Table.Td>
                        <Table.Td>
                          <State r={r} />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            {r.past && !r.confirmation?.actedAt && r.learners > 0 ? (
                              <Button
                                size="xs"
                                color="red"
                                variant="light"
                                loading={confirm.isPending && confirm.variables === r.olympiadId}
                                aria-label={`Confirm anonymising ${r.title}`}
                                onClick={() => {
                                  if (
                                    window.confirm(
                                      `Anonymise ${r.learners} learners of ${r.title} (${r.year}) ${report.data.graceDays} days from now? Their marks and results stay.`,
                                    )
                                  )
                                    confirm.mutate(r.olympiadId);
                                }}
                              >
                                {r.confirmation ? 'Confirm again' : 'Confirm'}
                              </Button>
                            ) : null}
                            {r.confirmation && !r.confirmation.actedAt ? (
                              <Button
                                size="xs"
                                variant="subtle"
                                aria-label={`Withdraw the confirmation of ${r.title}`}
                                onClick={() => withdraw.mutate(r.olympiadId)}
                              >
                                Withdraw
                              </Button>
                            ) : null}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Card>
      ) : null}
    </>
  );
}

function State({ r }: { r: RetentionRow }) {
  const c = r.confirmation;
  if (c?.actedAt)
    return (
      <Badge color="gray" variant="light">
        {`Anonymised ${c.anonymised ?? 0} on ${formatDate(c.actedAt, 'date')}`}
      </Badge>
    );
  if (c)
    return (
      <Badge color="orange" variant="light">
        {`Confirmed by ${c.confirmedBy ?? 'someone'}: from ${formatDate(c.dueAt, 'date')}`}
      </Badge>
    );
  if (r.past)
    return (
      <Badge color="red" variant="light">
        Past its period
      </Badge>
    );
  return (
    <Badge color="teal" variant="light">
      Within its period
    </Badge>
  );
}
