import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { ActAsUserForm } from '../../../components/ActAsUserForm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useOlympiadByName } from '../api/get-olympiad.js';
import { useRemarkOlympiad } from '../api/remark-olympiad.js';
import { useResetLearner } from '../api/reset-learner.js';
import { useLearnerSearch } from '../api/search-learners.js';
import { Confirm } from '../../../components/Confirm.js';
import { formatDate } from '../../../lib/dates.js';
import { OlympiadForm } from '../components/OlympiadForm.js';
import { OpenAndCheck } from '../components/OpenAndCheck.js';
import { OpenBadge } from '../components/OpenPinActions.js';
import { RetentionPanel } from '../components/RetentionPanel.js';
import { WinnersDisplayPanel } from '../components/WinnersDisplayPanel.js';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb={4}>
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" mb="md" size="sm">
          {description}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}

function RemarkAction({ olympiadId }: { olympiadId: number }) {
  const remark = useRemarkOlympiad();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setAsking(true)}>
        Re-mark all attempts
      </Button>
      <Confirm
        opened={asking}
        title="Re-mark every attempt?"
        confirmLabel="Re-mark"
        loading={remark.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => remark.mutate(olympiadId, { onSuccess: () => setAsking(false) })}
      >
        Every finished attempt is marked again with the current answer keys. Marks may change; this is logged.
      </Confirm>
    </>
  );
}

function ResetLearner({ olympiadId }: { olympiadId: number }) {
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 250);
  const learners = useLearnerSearch(olympiadId, search);
  const reset = useResetLearner();
  const [chosen, setChosen] = useState<{ learnerId: number; name: string; username: string } | null>(null);
  return (
    <Stack>
      <TextInput
        label="Find a learner"
        placeholder="Name or username"
        value={input}
        onChange={(e) => setInput(e.currentTarget.value)}
        maw={360}
        type="search"
      />
      {learners.error ? <Alert color="red">{learners.error.message}</Alert> : null}
      {learners.data && learners.data.items.length > 0 ? (
        <Table aria-label="Learners found" verticalSpacing="xs">
          <Table.Tbody>
            {learners.data.items.map((l) => (
              <Table.Tr key={l.learnerId}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {l.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {l.username} · {l.schoolName ?? 'no school'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{l.status}</Badge>
                  <Text size="xs" c="dimmed">
                    {l.startedAt ? `started ${formatDate(l.startedAt)}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setChosen(l)}
                    aria-label={`Reset ${l.username}`}
                  >
                    Reset
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : search && !learners.isFetching ? (
        <Text size="sm" c="dimmed">
          No learner matches.
        </Text>
      ) : null}
      <Confirm
        opened={chosen !== null}
        title={`Reset ${chosen?.name ?? ''}?`}
        confirmLabel="Reset attempt"
        color="red"
        loading={reset.isPending}
        onClose={() => setChosen(null)}
        onConfirm={() =>
          reset.mutate(
            { olympiadId, learnerId: chosen!.learnerId, username: chosen!.username },
            { onSuccess: () => setChosen(null) },
          )
        }
      >
        The learner’s answers and timer are removed and they start again from the instructions. This cannot be undone
        and is logged.
      </Confirm>
    </Stack>
  );
}

/** /{olympiadName}/admin/settings-and-actions: the olympiad's settings and its actions, each confirmed and audited. */
export function SettingsAndActionsPage() {
  const { olympiadName = '' } = useParams();
  const olympiad = useOlympiadByName(olympiadName);
  const o = olympiad.data;
  return (
    <>
      <PageHeader
        eyebrow={o?.title ?? olympiadName}
        title="Settings and actions"
        actions={o ? <OpenBadge olympiad={o} /> : null}
      />
      {olympiad.isLoading ? <Loader aria-label="Loading" /> : null}
      {olympiad.error ? <Alert color="red">{olympiad.error.message}</Alert> : null}
      {o ? (
        <Stack gap="xl" maw={960}>
          <Section
            id="settings"
            title="Settings"
            description="The writing window, each learner's time and the grades the olympiad is for."
          >
            <OlympiadForm key={o.updatedAt} olympiad={o} mode={o.can.editAll ? 'all' : 'settings'} />
          </Section>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Section
              id="open"
              title="Open, close and pin"
              description="Opening lets learners in during the window. It waits until the olympiad check finds nothing that blocks it."
            >
              <OpenAndCheck olympiad={o} />
            </Section>
            <Section
              id="remark"
              title="Re-mark"
              description="After fixing an answer key, mark every finished attempt again."
            >
              <Group>
                <RemarkAction olympiadId={o.id} />
              </Group>
            </Section>
          </SimpleGrid>
          <Section
            id="winners-display"
            title="Past winners on the public site"
            description="How the winners are named on the project's past-winners page after the results are published."
          >
            <WinnersDisplayPanel olympiadId={o.id} projectName={o.projectName} />
          </Section>
          <Section
            id="retention"
            title="Personal data retention"
            description="How long learners' personal data is kept after the results are published; then it is anonymised and the results stay."
          >
            <RetentionPanel olympiadId={o.id} />
          </Section>
          <Section
            id="reset"
            title="Reset a learner"
            description="A learner who had a real problem may write again from the start."
          >
            <ResetLearner olympiadId={o.id} />
          </Section>
          <Section
            id="act-as"
            title="Act as a user"
            description="See this olympiad as one of its teachers or learners sees it."
          >
            <ActAsUserForm olympiadId={o.id} />
          </Section>
        </Stack>
      ) : null}
    </>
  );
}
