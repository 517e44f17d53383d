import { Badge, Button, Card, Checkbox, Group, Modal, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { GradeRange } from '#contract/grades';
import type { Learner } from '#contract/learners';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { PublicAddressWarning } from '../../../components/PublicAddressWarning.js';
import { useDeleteLearner } from '../api/delete-learner.js';
import { useDownloadSlips } from '../api/download-slips.js';
import type { LearnerScope } from '../api/keys.js';
import { useLearners } from '../api/list-learners.js';
import { useConsentCount } from '../api/consent-count.js';
import { LearnerForm } from './LearnerForm.js';
import { LearnerPasswordForm } from './LearnerPasswordForm.js';
import { NewPasswordsDialog } from './NewPasswordsDialog.js';
import { figure } from '#contract/numbers';
import { useT } from '../../../lib/i18n/index.js';

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
  const t = useT();
  const { pathname } = useLocation();
  const isTeam = team ? 'yes' : 'no';
  const full = team != null && team.count >= team.size;
  const list = useListParams('lastName');
  // Only the learners loaded without the consent confirmation (decision 109), to follow them up.
  const [onlyMissing, setOnlyMissing] = useState(false);
  const learners = useLearners(
    scope,
    onlyMissing ? ({ ...list.params, consent: 'missing' } as typeof list.params) : list.params,
  );
  const consents = useConsentCount(scope);
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
      label: t('portal.learners.col.choose'),
      phone: 'lead',
      render: (l) => (
        <Checkbox
          checked={chosen.has(l.id)}
          onChange={(e) => toggle(l.id, e.currentTarget.checked)}
          aria-label={t('portal.learners.chooseOne', { name: `${l.firstName} ${l.lastName}` })}
        />
      ),
    },
    { key: 'lastName', label: t('portal.learners.col.surname'), sortable: true, render: (l) => l.lastName },
    { key: 'firstName', label: t('portal.learners.col.firstName'), sortable: true, render: (l) => l.firstName },
    { key: 'grade', label: t('portal.learners.col.grade'), sortable: true, render: (l) => l.grade ?? '—' },
    ...(team
      ? [
          {
            key: 'dateOfBirth',
            label: t('portal.learners.col.dateOfBirth'),
            render: (l: Learner) => l.dateOfBirth ?? '—',
          },
        ]
      : []),
    {
      key: 'username',
      label: t('portal.learners.col.username'),
      sortable: true,
      render: (l) => <code>{l.username}</code>,
    },
    {
      key: 'consent',
      label: t('portal.consent.col'),
      render: (l) =>
        l.consentRecorded ? (
          <Badge color="green" variant="light">
            {t('portal.consent.recorded')}
          </Badge>
        ) : (
          <Badge color="orange" variant="outline">
            {t('portal.consent.missing')}
          </Badge>
        ),
    },
    {
      key: 'slip',
      label: t('portal.learners.col.slip'),
      render: (l) =>
        l.hasSlipPassword ? (
          t('portal.learners.slipYes')
        ) : (
          <Text size="sm" c="red.9" fw={600}>
            {t('portal.learners.slipNo')}
          </Text>
        ),
    },
    {
      key: 'actions',
      label: t('portal.learners.col.actions'),
      render: (l) => (
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setEditing(l)}
            aria-label={t('portal.learners.editOne', { name: `${l.firstName} ${l.lastName}` })}
          >
            {t('portal.learners.edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => setPassword(l)}
            aria-label={t('portal.learners.setPasswordOne', { name: `${l.firstName} ${l.lastName}` })}
          >
            {t('portal.learners.setPassword')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            component={Link}
            to={`${pathname.replace(/\/$/, '')}/${l.id}/personal-data`}
            aria-label={t('portal.learners.personalDataOne', { name: `${l.firstName} ${l.lastName}` })}
          >
            {t('portal.learners.personalData')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={t('portal.learners.removeOne', { name: `${l.firstName} ${l.lastName}` })}
            onClick={() => {
              if (window.confirm(t('portal.learners.removeAsk', { name: `${l.firstName} ${l.lastName}` }))) {
                remove.mutate(l.id);
              }
            }}
          >
            {t('portal.learners.remove')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="learners-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="learners-title">
          {team
            ? t('portal.learners.teamHeading', { count: team.count, size: team.size })
            : t('portal.learners.heading')}
        </Title>
        <Group gap="xs">
          <Button size="xs" onClick={() => setEditing('new')} disabled={full}>
            {t('portal.learners.add', { team: isTeam })}
          </Button>
          <Button size="xs" variant="light" onClick={() => slips.mutate({ scope, format: 'pdf', name: slipName })}>
            {t('portal.learners.slipsPdf')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => slips.mutate({ scope, format: 'csv', name: slipName })}>
            {t('portal.learners.slipsCsv')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setRenewing(true)}>
            {t('portal.learners.newPasswords')}
          </Button>
        </Group>
      </Group>
      <PublicAddressWarning address={learners.data?.publicAddress} prints="slips" mb="sm" />
      <Group gap="md" mb="sm" wrap="wrap">
        {consents.data ? (
          <Text size="sm" aria-live="polite">
            {t('portal.consent.count', {
              recorded: figure(consents.data.recorded),
              learners: figure(consents.data.learners),
            })}
          </Text>
        ) : null}
        <Switch
          size="sm"
          label={t('portal.consent.onlyMissing')}
          checked={onlyMissing}
          onChange={(e) => setOnlyMissing(e.currentTarget.checked)}
        />
      </Group>
      {chosen.size ? (
        <Group gap="xs" mb="sm" aria-live="polite">
          <Text size="sm">{t('portal.learners.chosen', { count: chosen.size, n: figure(chosen.size) })}</Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setChosen(new Set())}>
            {t('portal.learners.clear')}
          </Button>
        </Group>
      ) : null}
      <PagedTable
        label={t('portal.learners.table', { team: isTeam })}
        columns={columns}
        rows={learners.data?.items}
        total={learners.data?.total ?? 0}
        rowKey={(l) => l.id}
        list={list}
        loading={learners.isFetching}
        error={learners.error}
        searchPlaceholder={t('portal.learners.search')}
        empty={t('portal.learners.empty', { team: isTeam })}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new'
            ? t('portal.learners.add', { team: isTeam })
            : t('portal.learners.editTitle', { team: isTeam })
        }
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
        title={password ? t('portal.learners.passwordOf', { name: `${password.firstName} ${password.lastName}` }) : ''}
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
          team={team != null}
        />
      ) : null}
    </Card>
  );
}
