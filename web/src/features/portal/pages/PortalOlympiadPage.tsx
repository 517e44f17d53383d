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
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { LiveSittingCounts } from '../../../components/live-counts/LiveSittingCounts.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { EnterSchoolButton, feeText } from '../components/EnterSchoolButton.js';
import { usePortalOlympiad } from '../api/get-portal-olympiad.js';
import { useTermsGate } from '../components/use-terms-gate.js';
import { RichCopy } from '../../../components/RichCopy.js';
import { formatDate } from '../../../lib/dates.js';
import { unitWords } from '#contract/units';

const statusText = {
  school: { entered: 'Entered: load your learners', learners_loaded: 'Learners loaded', withdrawn: 'Withdrawn' },
  country: { entered: 'Entered: register your team', learners_loaded: 'Team registered', withdrawn: 'Withdrawn' },
} as const;
const when = (iso: string | null) => formatDate(iso, 'longDateTime', 'to be announced');

/**
 * /portal/{o}: the school's page for one olympiad: status, learners, what to do next. A country olympiad's is the
 * team's, in team words, and leads to the Team page (decision 039).
 */
export function PortalOlympiadPage() {
  const { olympiadName = '' } = useParams();
  const query = usePortalOlympiad(olympiadName);
  const gate = useTermsGate();
  if (query.isLoading) return <Skeleton height={200} />;
  if (query.error || !query.data) return <Alert color="red">{query.error?.message ?? 'Not found'}</Alert>;
  const { olympiad, school, intro } = query.data;
  const p = olympiad.participant;
  const words = unitWords(olympiad.kind);
  const team = olympiad.kind === 'country';
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
      text: `On the day (${when(olympiad.startsAt)}), ${words.members} sign in at /${olympiad.varName}/login`,
    },
  ];
  const mainPage = team
    ? { to: `/portal/${olympiad.varName}/team`, label: 'Team' }
    : { to: `/portal/${olympiad.varName}/load-learners`, label: 'Load learners' };
  return (
    <>
      <PageHeader
        eyebrow={school?.name}
        title={olympiad.title}
        description={p ? statusText[olympiad.kind][p.status] : `Your ${words.unit} is not entered yet.`}
        actions={
          p ? (
            <Button component={Link} to={mainPage.to}>
              {mainPage.label}
            </Button>
          ) : null
        }
      />
      {gate.dialog}
      {!p && gate.notice ? <Box mb="lg">{gate.notice}</Box> : null}
      {intro ? (
        <Box mb="lg">
          <RichCopy html={intro} />
        </Box>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            What to do next
          </Title>
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
          {!p && school && !team ? (
            <EnterSchoolButton mt="md" olympiad={olympiad} schoolName={school.name} gate={gate} />
          ) : null}
        </Card>
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
              Writing opens
            </Text>
            <Text size="sm">{when(olympiad.startsAt)}</Text>
          </Group>
          <Group justify="space-between" mt="xs">
            <Text c="dimmed" size="sm">
              Writing closes
            </Text>
            <Text size="sm">{when(olympiad.endsAt)}</Text>
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
      {p ? (
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
