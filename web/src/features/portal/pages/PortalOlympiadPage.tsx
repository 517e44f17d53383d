import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { PortalOlympiad, PortalResults } from '#contract/schools';
import { figure } from '#contract/numbers';
import { LiveSittingCounts } from '../../../components/live-counts/LiveSittingCounts.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { EnterSchoolButton, feeText } from '../components/EnterSchoolButton.js';
import { usePortalOlympiad } from '../api/get-portal-olympiad.js';
import { useTermsGate } from '../components/use-terms-gate.js';
import { RichCopy } from '../../../components/RichCopy.js';
import { useT } from '../../../lib/i18n/index.js';
import { dayOf, isOver, timeOf } from '../components/phase.js';

/** `yes` for a country's team, `no` for a school: what the catalogue's messages select on (decision 039). */
type Team = 'yes' | 'no';

/**
 * /portal/{o}: the school's page for one olympiad, as it stands in its year: before and during writing, what to do
 * next (enter, load learners, print the slips, sign in on the day) and the day's live counts; once writing is over,
 * what happens now; once the results are published, the school's results and its certificates. A country olympiad's
 * is the team's, in team words, and leads to the Team page (decision 039). Times are in the olympiad's zone.
 */
export function PortalOlympiadPage() {
  const t = useT();
  const { olympiadName = '' } = useParams();
  const query = usePortalOlympiad(olympiadName);
  const gate = useTermsGate();
  if (query.isLoading) return <Skeleton height={200} />;
  if (query.error || !query.data) {
    return <Alert color="red">{query.error?.message ?? t('portal.olympiad.notFound')}</Alert>;
  }
  const { olympiad, school, intro, results } = query.data;
  const p = olympiad.participant;
  const isTeam = olympiad.kind === 'country';
  const team: Team = isTeam ? 'yes' : 'no';
  const over = p != null && isOver(olympiad.phase);
  const certificatesPage = `/portal/${olympiad.varName}/certificates`;
  const mainPage = isTeam
    ? { to: `/portal/${olympiad.varName}/team`, label: t('portal.olympiad.team') }
    : { to: `/portal/${olympiad.varName}/load-learners`, label: t('portal.olympiad.loadLearners') };
  const description = !p
    ? t('portal.olympiad.notEntered', { team })
    : olympiad.phase === 'results'
      ? t('portal.olympiad.resultsOn', { day: dayOf(olympiad, olympiad.resultsPublishedAt) })
      : olympiad.phase === 'closed'
        ? olympiad.endsAt
          ? t('portal.phase.closedOn', { day: dayOf(olympiad, olympiad.endsAt) })
          : t('portal.phase.closed')
        : t(`portal.olympiad.status.${p.status}`, { team });
  return (
    <>
      <PageHeader
        eyebrow={school?.name}
        title={olympiad.title}
        description={description}
        actions={
          !p ? null : olympiad.phase === 'results' ? (
            <Button component={Link} to={certificatesPage}>
              {t('portal.olympiad.certificates')}
            </Button>
          ) : over ? null : (
            <Button component={Link} to={mainPage.to}>
              {mainPage.label}
            </Button>
          )
        }
      />
      {gate.dialog}
      {!p && gate.notice ? <Box mb="lg">{gate.notice}</Box> : null}
      {/* The organiser's introduction tells a school how to take part: once writing is over it would send the
          teacher back to loading learners and printing slips. */}
      {intro && !over ? (
        <Box mb="lg">
          <RichCopy html={intro} />
        </Box>
      ) : null}
      {olympiad.phase === 'results' && p ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mb="lg">
          <ResultsCard results={results} team={team} />
          <CertificatesCard olympiad={olympiad} to={certificatesPage} team={team} />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {over ? (
          olympiad.phase === 'closed' ? (
            <WhatNowCard olympiad={olympiad} to={certificatesPage} team={team} />
          ) : null
        ) : (
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t('portal.olympiad.next')}
            </Title>
            <Steps olympiad={olympiad} team={team} />
            {!p && school && !isTeam ? (
              <EnterSchoolButton mt="md" olympiad={olympiad} schoolName={school.name} gate={gate} />
            ) : null}
          </Card>
        )}
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('portal.olympiad.entry')}
          </Title>
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              {t('portal.olympiad.members', { team })}
            </Text>
            <Badge size="lg" variant="light">
              {p?.learnerCount ?? 0}
            </Badge>
          </Group>
          <Group justify="space-between" mt="xs" wrap="nowrap">
            <Text c="dimmed" size="sm">
              {t('portal.olympiad.fee')}
            </Text>
            <Text size="sm" ta="right">
              {feeText(t, olympiad.fee, isTeam)}
            </Text>
          </Group>
          <Group justify="space-between" mt="xs">
            <Text c="dimmed" size="sm">
              {over ? t('portal.olympiad.opened') : t('portal.olympiad.opens')}
            </Text>
            <Text size="sm">{timeOf(olympiad, olympiad.startsAt)}</Text>
          </Group>
          <Group justify="space-between" mt="xs">
            <Text c="dimmed" size="sm">
              {over ? t('portal.olympiad.closed') : t('portal.olympiad.closes')}
            </Text>
            <Text size="sm">{timeOf(olympiad, olympiad.endsAt)}</Text>
          </Group>
          <Group mt="md" gap="xs">
            {isTeam ? null : (
              <Button component={Link} to={`/portal/${olympiad.varName}/school`} variant="light" size="xs">
                {t('portal.olympiad.schoolDetails')}
              </Button>
            )}
            <Button component={Link} to={`/portal/${olympiad.varName}/faq`} variant="subtle" size="xs">
              {t('portal.olympiad.faq')}
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
      {p && olympiad.phase === 'writing' ? (
        <Box mt="lg">
          <LiveSittingCounts
            olympiadId={olympiad.id}
            title={t('portal.olympiad.today', { team })}
            description={t('portal.olympiad.todayDescription', { team })}
          />
        </Box>
      ) : null}
    </>
  );
}

/** The steps before and during writing, each ticked when done. */
function Steps({ olympiad, team }: { olympiad: PortalOlympiad; team: Team }) {
  const t = useT();
  const p = olympiad.participant;
  const signIn = `/${olympiad.varName}/login`;
  const steps = [
    { done: p != null, text: t('portal.olympiad.step.enter', { team }) },
    { done: (p?.learnerCount ?? 0) > 0, text: t('portal.olympiad.step.load', { team }) },
    { done: false, text: t('portal.olympiad.step.slips', { team }) },
    {
      done: false,
      text:
        olympiad.phase === 'writing'
          ? olympiad.endsAt
            ? t('portal.olympiad.step.writingUntil', { team, time: timeOf(olympiad, olympiad.endsAt), signIn })
            : t('portal.olympiad.step.writing', { team, signIn })
          : t('portal.olympiad.step.onTheDay', { team, time: timeOf(olympiad, olympiad.startsAt), signIn }),
    },
  ];
  return (
    <List spacing="sm" center>
      {steps.map((s) => (
        <List.Item
          key={s.text}
          icon={
            <ThemeIcon
              size={22}
              radius="xl"
              color={s.done ? 'green' : 'gray'}
              variant={s.done ? 'filled' : 'light'}
              aria-hidden="true"
            >
              {s.done ? '✓' : '•'}
            </ThemeIcon>
          }
        >
          <Text size="sm">
            {s.text}
            {s.done ? (
              <Text span c="dimmed">
                {' '}
                {t('portal.olympiad.step.done')}
              </Text>
            ) : null}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Writing is over and the results are not out: what the organisers do now, and where the results will be. */
function WhatNowCard({ olympiad, to, team }: { olympiad: PortalOlympiad; to: string; team: Team }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        {t('portal.olympiad.whatNow')}
      </Title>
      <Text size="sm">
        {olympiad.endsAt
          ? t('portal.olympiad.whatNow.closedOn', { time: timeOf(olympiad, olympiad.endsAt) })
          : t('portal.olympiad.whatNow.over')}{' '}
        {t('portal.olympiad.whatNow.body', { team })}
      </Text>
      <Group mt="md">
        <Button component={Link} to={to} variant="light" size="xs">
          {t('portal.olympiad.certificates')}
        </Button>
      </Group>
    </Card>
  );
}

/** The school's published results in brief: who was ranked, the awards they got, its best learners. */
function ResultsCard({ results, team }: { results: PortalResults | null; team: Team }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="portal-results">
      <Title order={2} size="h4" mb="sm" id="portal-results">
        {t('portal.olympiad.results', { team })}
      </Title>
      {!results || results.ranked === 0 ? (
        <Text size="sm" c="dimmed">
          {t('portal.olympiad.results.none', { team })}
        </Text>
      ) : (
        <>
          <Text size="sm">
            {t('portal.olympiad.results.ranked', { team, count: results.ranked, n: figure(results.ranked) })}
          </Text>
          <Group gap="xs" mt="xs" aria-label={t('portal.olympiad.results.awards')} role="list">
            {results.awards.map((a) => (
              <Badge key={a.key} variant="light" tt="none" role="listitem">
                {a.label}: {a.count}
              </Badge>
            ))}
          </Group>
          <Table mt="md" striped aria-label={t('portal.olympiad.results.best', { team })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('portal.olympiad.results.rank')}</Table.Th>
                <Table.Th>{t('portal.olympiad.results.name')}</Table.Th>
                <Table.Th>{t('portal.olympiad.results.award')}</Table.Th>
                <Table.Th ta="right">{t('portal.olympiad.results.score')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.top.map((row) => (
                <Table.Tr key={`${row.rank} ${row.name}`}>
                  <Table.Td>{row.rank}</Table.Td>
                  <Table.Td>
                    {row.name}
                    {row.grade != null ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        {t('portal.olympiad.results.grade', { grade: row.grade })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {row.awardLabel}
                    {row.bestInSchool ? t('portal.olympiad.results.bestIn', { team }) : ''}
                  </Table.Td>
                  <Table.Td ta="right">{Math.round(row.percent)}%</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Card>
  );
}

/** The school's certificates: ready as one PDF on the Certificates page, or still being made. */
function CertificatesCard({ olympiad, to, team }: { olympiad: PortalOlympiad; to: string; team: Team }) {
  const t = useT();
  const made = olympiad.participant?.certificates ?? null;
  const certificates = made ? t('portal.olympiad.cert.count', { count: made.count, n: figure(made.count) }) : '';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="portal-certificates">
      <Title order={2} size="h4" mb="sm" id="portal-certificates">
        {t('portal.olympiad.certificates')}
      </Title>
      <Text size="sm">
        {made
          ? made.generatedAt
            ? t('portal.olympiad.cert.readyMade', { team, certificates, day: dayOf(olympiad, made.generatedAt) })
            : t('portal.olympiad.cert.ready', { team, certificates })
          : t('portal.olympiad.cert.coming', { team })}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        {t('portal.olympiad.cert.spreadsheet', { team })}
      </Text>
      <Group mt="md">
        <Button component={Link} to={to} variant={made ? 'filled' : 'light'}>
          {made ? t('portal.olympiad.cert.open') : t('portal.olympiad.cert.andResults')}
        </Button>
      </Group>
    </Card>
  );
}
