import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSetAdmissionRate, useWaitingRoom } from '../api/waiting-room.js';
import { formatDate } from '../../../lib/dates.js';
import { figure } from '#contract/numbers';

/**
 * The day's waiting room (decision 041), live: learners waiting for their turn now, learners admitted so far,
 * and the admissions a second in force, which the admin may set for this olympiad (0 holds everyone who has not
 * started yet; learners already writing are never held). While the servers run slow they admit fewer than the
 * setting, and say so (decision 051).
 */
export function WaitingRoomPanel({ olympiadId }: { olympiadId: number | undefined }) {
  const room = useWaitingRoom(olympiadId);
  const save = useSetAdmissionRate();
  const data = room.data;
  // What the admin typed, until it is saved; otherwise the figure in force.
  const [draft, setDraft] = useState<number | string | null>(null);
  const rate = draft ?? data?.admissionsPerSecond ?? '';
  const submit = (admissionsPerSecond: number | null) => {
    if (olympiadId !== undefined) save.mutate({ olympiadId, admissionsPerSecond }, { onSuccess: () => setDraft(null) });
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="waiting-room-title">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="waiting-room-title">
              Waiting room
            </Title>
            <Text size="sm" c="dimmed">
              When more learners arrive than can start at once, they wait their turn here, first come, first served.
              Their time starts only when they get the questions.
            </Text>
          </div>
          <Text size="sm" c="dimmed">
            {room.dataUpdatedAt ? `Live · updated ${formatDate(room.dataUpdatedAt, 'time')}` : 'Live'}
          </Text>
        </Group>
        {room.isError && !data ? (
          <Alert color="red" variant="light" title="Could not load the waiting room">
            {room.error.message}
          </Alert>
        ) : null}
        {!data ? (
          room.isError ? null : (
            <Skeleton height={60} />
          )
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
              <Figure label="Waiting now" value={data.waiting} />
              <Figure label="Admitted so far" value={data.admitted} />
              <Figure label="Admitting a second now" value={data.admittingPerSecond} />
            </SimpleGrid>
            {data.admittingPerSecond < data.admissionsPerSecond ? (
              <Text size="sm" role="status">
                The servers are busy, so learners are admitted more slowly than the {data.admissionsPerSecond} a second
                set below; the rate goes back up by itself as they catch up.
              </Text>
            ) : null}
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (typeof rate === 'number') submit(rate);
              }}
            >
              <Group align="flex-end" gap="sm" wrap="wrap">
                <NumberInput
                  label="Learners admitted a second"
                  description={`The server’s figure is ${data.defaultAdmissionsPerSecond}; 0 holds everyone waiting.`}
                  min={0}
                  max={100000}
                  allowDecimal={false}
                  allowNegative={false}
                  value={rate}
                  onChange={setDraft}
                  w={260}
                />
                <Button type="submit" loading={save.isPending} disabled={typeof rate !== 'number'}>
                  Save
                </Button>
                {data.ownAdmissionsPerSecond !== null ? (
                  <Button variant="default" onClick={() => submit(null)} disabled={save.isPending}>
                    Use the server’s figure
                  </Button>
                ) : null}
              </Group>
            </form>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {figure(value)}
      </Text>
    </div>
  );
}
