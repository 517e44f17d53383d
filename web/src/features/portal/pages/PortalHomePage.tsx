import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PortalOlympiad } from '#contract/schools';
import { figure } from '#contract/numbers';
import { PageHeader } from '../../../components/PageHeader.js';
import { useT } from '../../../lib/i18n/index.js';
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
  const t = useT();
  const user = useSessionUser();
  const olympiads = usePortalOlympiads();
  const team = olympiads.data?.school?.countryId != null;
  const items = olympiads.data?.items ?? [];
  const entered = items.filter((o) => o.participant && !isOver(o.phase));
  const past = items.filter((o) => o.participant && isOver(o.phase));
  const open = items.filter((o) => !o.participant);
  const gate = useTermsGate();
  return (
    <>
      <PageHeader
        eyebrow={t('portal.home.eyebrow', { team: team ? 'yes' : 'no' })}
        title={user?.name ? t('portal.home.welcome', { name: user.name }) : t('portal.home.welcomeTeacher')}
        description={
          olympiads.data?.school
            ? [olympiads.data.school.name, olympiads.data.school.town].filter(Boolean).join(', ')
            : t('portal.home.description')
        }
      />
      {/* The terms are asked before a school is entered; a team is entered by the organisers (decision 039). */}
      {gate.notice && !team ? <Box mb="lg">{gate.notice}</Box> : null}
      {gate.dialog}
      {olympiads.error ? <Alert color="red">{olympiads.error.message}</Alert> : null}
      {olympiads.isLoading ? <Skeleton height={160} radius="md" /> : null}
      {olympiads.data && !olympiads.data.school ? (
        <Alert color="yellow" mb="lg">
          {t('portal.home.noSchool')}
        </Alert>
      ) : null}
      {olympiads.data ? (
        <Stack gap="xl">
          <section aria-labelledby="entered">
            <Title order={2} size="h3" id="entered" mb="sm">
              {t('portal.home.entered', { team: team ? 'yes' : 'no' })}
            </Title>
            {entered.length === 0 ? (
              <Text c="dimmed">
                {team
                  ? t('portal.home.teamNotEntered', { past: past.length ? 'yes' : 'no' })
                  : t('portal.home.schoolNotEntered', { past: past.length ? 'yes' : 'no' }) +
                    (open.length ? ` ${t('portal.home.chooseBelow')}` : '')}
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
                {t('portal.home.canEnter')}
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
                {t('portal.home.past')}
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
  const t = useT();
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
            {t('portal.home.members', {
              team: olympiad.kind === 'country' ? 'yes' : 'no',
              count: olympiad.participant.learnerCount,
              n: figure(olympiad.participant.learnerCount),
            })}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {phaseLine(olympiad)}
      </Text>
      {olympiad.participant ? null : (
        <Text size="sm" mt={4}>
          {feeText(t, olympiad.fee)}
        </Text>
      )}
      <Group mt="md">
        {olympiad.participant ? (
          <Button
            component={Link}
            to={`/portal/${olympiad.varName}`}
            variant="light"
            aria-label={t('portal.home.openLabel', { title: olympiad.title })}
          >
            {t('portal.home.open')}
          </Button>
        ) : canEnter ? (
          <EnterSchoolButton olympiad={olympiad} schoolName={schoolName} gate={gate} />
        ) : null}
        {certificates ? (
          <Button
            component={Link}
            to={`/portal/${olympiad.varName}/certificates`}
            variant="subtle"
            aria-label={t('portal.home.certificatesLabel', { title: olympiad.title })}
          >
            {t('portal.home.certificates')}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}
