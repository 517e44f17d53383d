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
import { count } from '#contract/numbers';
import { unitWords } from '#contract/units';
import { LiveSittingCounts } from '../../../components/live-counts/LiveSittingCounts.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { EnterSchoolButton, feeText } from '../components/EnterSchoolButton.js';
import { usePortalOlympiad } from '../api/get-portal-olympiad.js';
import { useTermsGate } from '../components/use-terms-gate.js';
import { RichCopy } from '../../../components/RichCopy.js';
import { dayOf, isOver, timeOf } from '../components/phase.js';

const statusText = {
  school: { entered: 'Entered: load your learners', learners_loaded: 'Learners loaded', withdrawn: 'Withdrawn' },
  country: { entered: 'Entered: register your team', learners_loaded: 'Team registered', withdrawn: 'Withdrawn' },
} as const;

type Words = ReturnType<typeof unitWords>;

/**
 * /portal/{o}: the school's page for one olympiad, as it stands in its year: before and during writing, what to do
 * next (enter, load learners, print the slips, sign in on the day) and the day's live counts; once writing is over,
 * what happens now; once the results are published, the school's results and its certificates. A country olympiad's
 * is the team's, in team words, and leads to the Team page (decision 039). Times are in the olympiad's zone.
 */
export function PortalOlympiadPage() {
  const { olympiadName = '' } = useParams();
  const query = usePortalOlympiad(olympiadName);
  const gate = useTermsGate();
  if (query.isLoading) return <Skeleton height={200} />;
  if (query.error || !query.data) return <Alert color="red">{query.error?.message ?? 'Not found'}</Alert>;
  const { olympiad, school, intro, results } = query.data;
  const p = olympiad.participant;
  const words = unitWords(olympiad.kind);
  const team = olympiad.kind === 'country';
  const over = p != null && isOver(olympiad.phase);
  const certificatesPage = `/portal/${olympiad.varName}/certificates`;
  const mainPage = team
    ? { to: `/portal/${olympiad.varName}/team`, label: 'Team' }
    : { to: `/portal/${olympiad.varName}/load-learners`, label: 'Load learners' };
  const description = !p
    ? `Your ${words.unit} is not entered yet.`
    : olympiad.phase === 'results'
      ? `Results published on ${dayOf(olympiad, olympiad.resultsPublishedAt)}`
      : olympiad.phase === 'closed'
        ? olympiad.endsAt
          ? `Writing closed on ${dayOf(olympiad, olympiad.endsAt)}: the results are being marked`
          : 'Writing is over: the results are being marked'
        : statusText[olympiad.kind][p.status];
  return (
    <>
      <PageHeader
        eyebrow={school?.name}
        title={olympiad.title}
        description={description}
        actions={
          !p ? null : olympiad.phase === 'results' ? (
            <Button component={Link} to={certificatesPage}>
              Certificates
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
          <ResultsCard results={results} words={words} />
          <CertificatesCard olympiad={olympiad} to={certificatesPage} words={words} />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {over ? (
          olympiad.phase === 'closed' ? (
            <WhatNowCard olympiad={olympiad} to={certificatesPage} words={words} />
          ) : null
        ) : (
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              What to do next
            </Title>
            <Steps olympiad={olympiad} words={words} />
            {!p && school && !team ? (
              <EnterSchoolButton mt="md" olympiad={olympiad} schoolName={school.name} gate={gate} />
            ) : null}
          </Card>
        )}
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Your entry
          </Title>
          <Group justify="space-between">
            <Text c="dimmed" size="sm">
              {words.Members}
            </Text>
            <Badge size="lg" variant="light">
              {p?.learnerCount ?? 0}
            </Badge>
          </Group>
          <Group justify="space-between" mt="xs" wrap="nowrap">
            <Text c="dimmed" size="sm">
              Fee
            </Text>
            <Text size="sm" ta="right">
              {feeText(olympiad.fee, words.member)}
            </Text>
          </Group>
          <Group justify="space-between" mt="xs">
            <Text c="dimmed" size="sm">
              {over ? 'Writing opened' : 'Writing opens'}
            </Text>
            <Text size="sm">{timeOf(olympiad, olympiad.startsAt)}</Text>
          </Group>
          <Group justify="space-between" mt="xs">
            <Text c="dimmed" size="sm">
              {over ? 'Writing closed' : 'Writing closes'}
            </Text>
            <Text size="sm">{timeOf(olympiad, olympiad.endsAt)}</Text>
          </Group>
          <Group mt="md" gap="xs">
            {team ? null : (
              <Button component={Link} to={`/portal/${olympiad.varName}/school`} variant="light" size="xs">
                School details
              </Button>
            )}
            <Button component={Link} to={`/portal/${olympiad.varName}/faq`} variant="subtle" size="xs">
              Questions and answers
            </Button>
          </Group>
        </Card>
      </SimpleGrid>
      {p && olympiad.phase === 'writing' ? (
        <Box mt="lg">
          <LiveSittingCounts
            olympiadId={olympiad.id}
            title={`Your ${words.members} today`}
            description={`${team ? 'Members of your team' : 'Learners of your school'}, refreshed every 10 seconds.`}
          />
        </Box>
      ) : null}
    </>
  );
}

/** The steps before and during writing, each ticked when done. */
function Steps({ olympiad, words }: { olympiad: PortalOlympiad; words: Words }) {
  const p = olympiad.participant;
  const team = olympiad.kind === 'country';
  const signIn = `/${olympiad.varName}/login`;
  const steps = [
    { done: p != null, text: team ? 'The organisers enter your country' : 'Enter your school in the olympiad' },
    {
      done: (p?.learnerCount ?? 0) > 0,
      text: team
        ? 'Register your team members on the Team page, with their dates of birth'
        : 'Load your learners from a spreadsheet, or add them one by one',
    },
    { done: false, text: `Print the sign-in slips and hand one to each ${words.member}` },
    {
      done: false,
      text:
        olympiad.phase === 'writing'
          ? `Writing is open now${olympiad.endsAt ? `, until ${timeOf(olympiad, olympiad.endsAt)}` : ''}: ${words.members} sign in at ${signIn}`
          : `On the day (${timeOf(olympiad, olympiad.startsAt)}), ${words.members} sign in at ${signIn}`,
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
                (done)
              </Text>
            ) : null}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** Writing is over and the results are not out: what the organisers do now, and where the results will be. */
function WhatNowCard({ olympiad, to, words }: { olympiad: PortalOlympiad; to: string; words: Words }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        What happens now
      </Title>
      <Text size="sm">
        {olympiad.endsAt ? `Writing closed on ${timeOf(olympiad, olympiad.endsAt)}. ` : 'Writing is over. '}
        The organisers check the attempts and then publish the results. Your {words.members}’ awards and certificates
        appear on the Certificates page on that day, and you get a mail with a link to it.
      </Text>
      <Group mt="md">
        <Button component={Link} to={to} variant="light" size="xs">
          Certificates
        </Button>
      </Group>
    </Card>
  );
}

/** The school's published results in brief: who was ranked, the awards they got, its best learners. */
function ResultsCard({ results, words }: { results: PortalResults | null; words: Words }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="portal-results">
      <Title order={2} size="h4" mb="sm" id="portal-results">
        Your {words.unit}’s results
      </Title>
      {!results || results.ranked === 0 ? (
        <Text size="sm" c="dimmed">
          None of your {words.members} has a result in this olympiad.
        </Text>
      ) : (
        <>
          <Text size="sm">{count(results.ranked, `${words.member} ranked`, `${words.members} ranked`)}</Text>
          <Group gap="xs" mt="xs" aria-label="Awards" role="list">
            {results.awards.map((a) => (
              <Badge key={a.key} variant="light" tt="none" role="listitem">
                {a.label}: {a.count}
              </Badge>
            ))}
          </Group>
          <Table mt="md" striped aria-label={`Your best ${words.members}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rank</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Award</Table.Th>
                <Table.Th ta="right">Score</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.top.map((t) => (
                <Table.Tr key={`${t.rank} ${t.name}`}>
                  <Table.Td>{t.rank}</Table.Td>
                  <Table.Td>
                    {t.name}
                    {t.grade != null ? (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (Grade {t.grade})
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {t.awardLabel}
                    {t.bestInSchool ? `, best in ${words.unit}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{Math.round(t.percent)}%</Table.Td>
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
function CertificatesCard({ olympiad, to, words }: { olympiad: PortalOlympiad; to: string; words: Words }) {
  const made = olympiad.participant?.certificates ?? null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="portal-certificates">
      <Title order={2} size="h4" mb="sm" id="portal-certificates">
        Certificates
      </Title>
      <Text size="sm">
        {made
          ? `Your ${words.members}’ certificates are ready: ${count(made.count, 'certificate')} in one PDF to print on A4${made.generatedAt ? `, made ${dayOf(olympiad, made.generatedAt)}` : ''}.`
          : `The results are out; your ${words.members}’ certificates are still being made. Look again later today.`}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        The results of every {words.member} are on the same page, as a spreadsheet.
      </Text>
      <Group mt="md">
        <Button component={Link} to={to} variant={made ? 'filled' : 'light'}>
          {made ? 'Open the certificates' : 'Certificates and results'}
        </Button>
      </Group>
    </Card>
  );
}
