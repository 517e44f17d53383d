import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PortalOlympiad } from '#contract/schools';
import { unitWords } from '#contract/units';
import { count } from '#contract/numbers';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSessionUser } from '../../../lib/session/index.js';
import { EnterSchoolButton, feeText } from '../components/EnterSchoolButton.js';
import { usePortalOlympiads } from '../api/list-portal-olympiads.js';
import { useTermsGate } from '../components/use-terms-gate.js';
import { isOver, phaseLine } from '../components/phase.js';

/**
 * /portal: the teacher's olympiads now and to come, those the school can enter, and its past ones with their results
 * (a team admin: the team's olympiads). The server lists them in that order; each card says where its olympiad is.
 */
export function PortalHomePage() {
  const user = useSessionUser();
  const olympiads = usePortalOlympiads();
  const team = olympiads.data?.school?.countryId != null;
  const { unit } = unitWords(team ? 'country' : 'school');
  const items = olympiads.data?.items ?? [];
  const entered = items.filter((o) => o.participant && !isOver(o.phase));
  const past = items.filter((o) => o.participant && isOver(o.phase));
  const open = items.filter((o) => !o.participant);
  const gate = useTermsGate();
  return (
    <>
      <PageHeader
        eyebrow={team ? 'Team admin portal' : 'Teacher portal'}
        title={`Welcome, ${user?.name ?? 'teacher'}`}
        description={
          olympiads.data?.school
            ? [olympiads.data.school.name, olympiads.data.school.town].filter(Boolean).join(', ')
            : 'Your school’s olympiads in one place.'
        }
      />
      {/* The terms are asked before a school is entered; a team is entered by the organisers (decision 039). */}
      {gate.notice && !team ? <Box mb="lg">{gate.notice}</Box> : null}
      {gate.dialog}
      {olympiads.error ? <Alert color="red">{olympiads.error.message}</Alert> : null}
      {olympiads.isLoading ? <Skeleton height={160} radius="md" /> : null}
      {olympiads.data && !olympiads.data.school ? (
        <Alert color="yellow" mb="lg">
          Your account is not linked to a school yet. Please contact the organisers.
        </Alert>
      ) : null}
      {olympiads.data ? (
        <Stack gap="xl">
          <section aria-labelledby="entered">
            <Title order={2} size="h3" id="entered" mb="sm">
              Your {unit}’s olympiads
            </Title>
            {entered.length === 0 ? (
              <Text c="dimmed">
                {team
                  ? `Your team is not entered in ${past.length ? 'a coming' : 'an'} olympiad yet: the organisers enter your country.`
                  : `Your school is not entered in ${past.length ? 'a coming' : 'an'} olympiad yet.${open.length ? ' Choose one below.' : ''}`}
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {entered.map((o) => (
                <OlympiadCard key={o.id} olympiad={o} />
              ))}
            </SimpleGrid>
          </section>
          {open.length ? (
            <section aria-labelledby="can-enter">
              <Title order={2} size="h3" id="can-enter" mb="sm">
                Olympiads you can enter
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {open.map((o) => (
                  <OlympiadCard
                    key={o.id}
                    olympiad={o}
                    canEnter={Boolean(olympiads.data.school)}
                    schoolName={olympiads.data.school?.name}
                    gate={gate}
                  />
                ))}
              </SimpleGrid>
            </section>
          ) : null}
          {past.length ? (
            <section aria-labelledby="past">
              <Title order={2} size="h3" id="past" mb="sm">
                Past olympiads
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {past.map((o) => (
                  <OlympiadCard key={o.id} olympiad={o} />
                ))}
              </SimpleGrid>
            </section>
          ) : null}
        </Stack>
      ) : null}
    </>
  );
}

interface OlympiadCardProps {
  olympiad: PortalOlympiad;
  canEnter?: boolean;
  schoolName?: string | undefined;
  gate?: ReturnType<typeof useTermsGate>;
}

function OlympiadCard({ olympiad, canEnter = false, schoolName, gate }: OlympiadCardProps) {
  const certificates = olympiad.participant && olympiad.phase === 'results';
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={olympiad.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text fw={700}>{olympiad.title}</Text>
        {olympiad.participant ? (
          <Badge
            variant="light"
            tt="none"
            style={{ flexShrink: 0 }}
            color={olympiad.participant.learnerCount ? 'green' : 'yellow'}
          >
            {count(
              olympiad.participant.learnerCount,
              unitWords(olympiad.kind).member,
              unitWords(olympiad.kind).members,
            )}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {phaseLine(olympiad)}
      </Text>
      {olympiad.participant ? null : (
        <Text size="sm" mt={4}>
          {feeText(olympiad.fee)}
        </Text>
      )}
      <Group mt="md">
        {olympiad.participant ? (
          <Button
            component={Link}
            to={`/portal/${olympiad.varName}`}
            variant="light"
            aria-label={`Open ${olympiad.title}`}
          >
            Open
          </Button>
        ) : canEnter ? (
          <EnterSchoolButton olympiad={olympiad} schoolName={schoolName} gate={gate} />
        ) : null}
        {certificates ? (
          <Button
            component={Link}
            to={`/portal/${olympiad.varName}/certificates`}
            variant="subtle"
            aria-label={`Certificates of ${olympiad.title}`}
          >
            Certificates
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
