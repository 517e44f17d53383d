import { Button, Card, Checkbox, Group, Modal, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { GradeRange } from '#contract/grades';
import type { Learner } from '#contract/learners';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { PublicAddressWarning } from '../../../components/PublicAddressWarning.js';
import { useDeleteLearner } from '../api/delete-learner.js';
import { useDownloadSlips } from '../api/download-slips.js';
import type { LearnerScope } from '../api/keys.js';
import { useLearners } from '../api/list-learners.js';
import { LearnerForm } from './LearnerForm.js';
import { LearnerPasswordForm } from './LearnerPasswordForm.js';
import { NewPasswordsDialog } from './NewPasswordsDialog.js';
import { count } from '#contract/numbers';
import { unitWords } from '#contract/units';

/** A country's team (decision 039): at most `size` members, each with a date of birth. */
export interface TeamLimit {
  size: number;
  count: number;
}

/** The learners of the school (or the country's team): the list, slips, and adding, correcting or removing one. */
export function LearnersCard({
  scope,
  grades,
  slipName,
  team,
}: {
  scope: LearnerScope;
  /** The olympiad's grades: the form offers only these (decision 045). */
  grades: GradeRange;
  slipName: string;
  team?: TeamLimit;
}) {
  const noun = team ? 'team member' : 'learner';
  const full = team != null && team.count >= team.size;
  const list = useListParams('lastName');
  const learners = useLearners(scope, list.params);
  const remove = useDeleteLearner();
  const slips = useDownloadSlips();
  const [editing, setEditing] = useState<Learner | 'new' | null>(null);
  const [password, setPassword] = useState<Learner | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [renewing, setRenewing] = useState(false);
  const toggle = (id: number, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const columns: Column<Learner>[] = [
    {
      key: 'choose',
      label: 'Choose',
      phone: 'lead',
      render: (l) => (
        <Checkbox
          checked={chosen.has(l.id)}
          onChange={(e) => toggle(l.id, e.currentTarget.checked)}
          aria-label={`Choose ${l.firstName} ${l.lastName}`}
        />
      ),
    },
    { key: 'lastName', label: 'Surname', sortable: true, render: (l) => l.lastName },
    { key: 'firstName', label: 'First name', sortable: true, render: (l) => l.firstName },
    { key: 'grade', label: 'Grade', sortable: true, render: (l) => l.grade ?? '—' },
    ...(team ? [{ key: 'dateOfBirth', label: 'Date of birth', render: (l: Learner) => l.dateOfBirth ?? '—' }] : []),
    { key: 'username', label: 'Username', sortable: true, render: (l) => <code>{l.username}</code> },
    {
      key: 'slip',
      label: 'Password on slip',
      render: (l) =>
        l.hasSlipPassword ? (
          'Yes'
        ) : (
          <Text size="sm" c="red.9" fw={600}>
            No: changed by hand
          </Text>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (l) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(l)}
            aria-label={`Edit ${l.firstName} ${l.lastName}`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setPassword(l)}
            aria-label={`Set password for ${l.firstName} ${l.lastName}`}
          >
            Set password
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${l.firstName} ${l.lastName}`}
            onClick={() => {
              if (window.confirm(`Remove ${l.firstName} ${l.lastName}?`)) remove.mutate(l.id);
            }}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="learners-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="learners-title">
          {team ? `Team members (${team.count} of ${team.size})` : 'Learners'}
        </Title>
        <Group gap="xs">
          <Button size="xs" onClick={() => setEditing('new')} disabled={full}>
            Add a {noun}
          </Button>
          <Button size="xs" variant="light" onClick={() => slips.mutate({ scope, format: 'pdf', name: slipName })}>
            Sign-in slips (PDF)
          </Button>
          <Button size="xs" variant="subtle" onClick={() => slips.mutate({ scope, format: 'csv', name: slipName })}>
            Slips (CSV)
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setRenewing(true)}>
            New passwords…
          </Button>
        </Group>
      </Group>
      <PublicAddressWarning address={learners.data?.publicAddress} prints="slips" mb="sm" />
      {chosen.size ? (
        <Group gap="xs" mb="sm" aria-live="polite">
          <Text size="sm">{count(chosen.size, 'learner')} chosen</Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setChosen(new Set())}>
            Clear
          </Button>
        </Group>
      ) : null}
      <PagedTable
        label={team ? 'Team members' : 'Learners'}
        columns={columns}
        rows={learners.data?.items}
        total={learners.data?.total ?? 0}
        rowKey={(l) => l.id}
        list={list}
        loading={learners.isFetching}
        error={learners.error}
        searchPlaceholder="Search name or username"
        empty={team ? 'No team members yet: add them one by one.' : 'No learners yet.'}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? `Add a ${noun}` : `Edit ${noun}`}
      >
        {editing !== null ? (
          <LearnerForm
            scope={scope}
            grades={grades}
            learner={editing === 'new' ? null : editing}
            askBirthDate={team != null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <Modal
        opened={password !== null}
        onClose={() => setPassword(null)}
        title={password ? `Password of ${password.firstName} ${password.lastName}` : ''}
      >
        {password ? <LearnerPasswordForm learner={password} onDone={() => setPassword(null)} /> : null}
      </Modal>
      {renewing ? (
        <NewPasswordsDialog
          opened
          onClose={() => setRenewing(false)}
          scope={scope}
          slipName={slipName}
          chosen={[...chosen]}
          total={list.params.search ? null : (learners.data?.total ?? 0)}
          onIssued={() => setChosen(new Set())}
          unit={unitWords(team ? 'country' : 'school').unit}
        />
      ) : null}
    </Card>
  );
}
