import { Alert, Group, Pagination, Select, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ModeratedAttempt, ModerationDecision, ModerationFlagKind, ModerationState } from '#contract/moderation';
import { PageHeader } from '../../../components/PageHeader.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useComputeFlags } from '../api/moderation-compute.js';
import { useModerated } from '../api/moderation-list.js';
import { useModerationSummary } from '../api/moderation-summary.js';
import { DecisionDialog } from '../components/moderation/DecisionDialog.js';
import { flagLabels } from '../components/moderation/evidence.js';
import { ModeratedCard } from '../components/moderation/ModeratedCard.js';
import { ModerationSummaryPanel } from '../components/moderation/ModerationSummaryPanel.js';
import { PairView } from '../components/moderation/PairView.js';
import { SettingsForm } from '../components/moderation/SettingsForm.js';

const PAGE_SIZE = 20;
const states: Array<{ value: ModerationState | 'all'; label: string }> = [
  { value: 'all', label: 'All moderated' },
  { value: 'undecided', label: 'Undecided' },
  { value: 'flagged', label: 'Flagged' },
  { value: 'cleared', label: 'Cleared' },
  { value: 'adjusted', label: 'Score adjusted' },
  { value: 'disqualified', label: 'Disqualified' },
  { value: 'reset', label: 'Reset' },
];

function FlaggedList({ olympiadId }: { olympiadId: number }) {
  const [state, setState] = useState<ModerationState | 'all'>('all');
  const [kind, setKind] = useState<ModerationFlagKind | 'any'>('any');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const [page, setPage] = useState(1);
  const [pair, setPair] = useState<[number, number] | null>(null);
  const [deciding, setDeciding] = useState<{ attempt: ModeratedAttempt; decision: ModerationDecision } | null>(null);
  const list = useModerated({
    olympiadId,
    page,
    pageSize: PAGE_SIZE,
    search: search || undefined,
    state: state === 'all' ? undefined : state,
    kind: kind === 'any' ? undefined : kind,
  });
  const total = list.data?.total ?? 0;
  return (
    <Stack>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Show"
          data={states}
          value={state}
          onChange={(v) => {
            setState((v as ModerationState | 'all' | null) ?? 'all');
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <Select
          label="Flag"
          data={[
            { value: 'any', label: 'Any flag' },
            ...(Object.keys(flagLabels) as ModerationFlagKind[]).map((k) => ({ value: k, label: flagLabels[k] })),
          ]}
          value={kind}
          onChange={(v) => {
            setKind((v as ModerationFlagKind | 'any' | null) ?? 'any');
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          label="Search"
          placeholder="Learner, username or school"
          type="search"
          value={searchInput}
          onChange={(e) => {
            setSearchInput(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 260 }}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.isFetching ? 'Loading…' : `${total} in all`}
        </Text>
      </Group>
      {list.error ? (
        <Alert color="red" title="Could not load the list">
          {list.error.message}
        </Alert>
      ) : null}
      {!list.data ? (
        <Skeleton height={200} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">No attempts here.</Text>
      ) : (
        list.data.items.map((a) => (
          <ModeratedCard
            key={a.attemptId}
            attempt={a}
            onCompare={(x, y) => setPair([x, y])}
            onDecide={(attempt, decision) => setDeciding({ attempt, decision })}
          />
        ))
      )}
      {total > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      ) : null}
      <PairView attemptA={pair?.[0] ?? null} attemptB={pair?.[1] ?? null} onClose={() => setPair(null)} />
      {deciding ? (
        <DecisionDialog attempt={deciding.attempt} decision={deciding.decision} onClose={() => setDeciding(null)} />
      ) : null}
    </Stack>
  );
}

/**
 * /{olympiadName}/admin/results/moderation: the flags the platform computed after the window, with their evidence
 * in plain words, the two papers of a similar pair side by side, the admin's decisions, and the thresholds.
 */
export function ModerationPage() {
  const { olympiad } = useRouteOlympiad();
  const summary = useModerationSummary(olympiad?.id);
  const compute = useComputeFlags();
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Moderation"
        description="Attempts the platform flags after the window: answers that match a classmate's far beyond chance, papers finished in a fraction of the usual time, many address changes, two sessions at once. Clear, adjust, disqualify or reset each one."
      />
      {summary.error ? (
        <Alert color="red" title="Could not load moderation">
          {summary.error.message}
        </Alert>
      ) : null}
      {!olympiad || !summary.data ? (
        <Skeleton height={160} />
      ) : (
        <Stack gap="lg">
          <ModerationSummaryPanel
            summary={summary.data}
            computing={compute.isPending}
            onCompute={() => compute.mutate(olympiad.id)}
          />
          <Tabs defaultValue="flagged" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="flagged">Flagged attempts</Tabs.Tab>
              {summary.data.can.configure ? <Tabs.Tab value="settings">Thresholds</Tabs.Tab> : null}
            </Tabs.List>
            <Tabs.Panel value="flagged" pt="md">
              <Title order={2} size="h4" mb="sm">
                Flagged and decided attempts
              </Title>
              <FlaggedList olympiadId={olympiad.id} />
            </Tabs.Panel>
            <Tabs.Panel value="settings" pt="md">
              <Title order={2} size="h4" mb="sm">
                Thresholds
              </Title>
              <SettingsForm olympiadId={olympiad.id} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </>
  );
}
