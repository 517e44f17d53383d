import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type CountryParticipant, TEAM_LEADERS_MAX, UpdateCountryParticipantBody } from '#contract/countries';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { T, useT } from '../../../lib/i18n/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useTeam } from '../api/get-team.js';
import { useSaveTeamLeaders } from '../api/save-team-leaders.js';
import { LearnersCard } from '../components/LearnersCard.js';
import { UploadCard } from '../components/UploadCard.js';

/**
 * /portal/{o}/team: a team admin registers their country's team (within the olympiad's team size, with dates of
 * birth, one by one or from a spreadsheet), prints the sign-in slips, names the leaders, and finds the invoice, results
 * and certificates.
 */
export function TeamPage() {
  const { olympiad, olympiadName, error: olympiadError } = useRouteOlympiad();
  const team = useTeam(olympiad?.id);
  const error = olympiadError ?? team.error;
  const tr = useT();
  const t = team.data;
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={t ? tr('portal.team.title', { country: t.countryName }) : tr('portal.team.titlePlain')}
        description={tr('portal.team.description')}
      />
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {t && olympiad ? (
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label={tr('portal.team.status')}>
              <Badge color={t.status === 'learners_loaded' ? 'green' : 'yellow'} variant="light" tt="none">
                {tr(`portal.team.status.${t.status}`)}
              </Badge>
            </Fact>
            <Fact label={tr('portal.team.team')}>
              {tr('portal.team.size', { count: t.learnerCount, size: t.teamSize })}
            </Fact>
            <Fact label={tr('portal.team.timeZone')}>{t.timeZone.replace(/_/g, ' ')}</Fact>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            <T
              id="portal.team.where"
              components={{
                0: <Anchor underline="always" component={Link} to={`/portal/${olympiadName}/invoices`} />,
                1: <Anchor underline="always" component={Link} to={`/portal/${olympiadName}/certificates`} />,
              }}
            />
          </Text>
          <LearnersCard
            scope={{ olympiadId: olympiad.id }}
            grades={olympiad}
            slipName={`${olympiad.varName}-${t.countryCode.toLowerCase()}`}
            team={{ size: t.teamSize, count: t.learnerCount }}
          />
          {t.learnerCount < t.teamSize ? (
            <UploadCard
              scope={{ olympiadId: olympiad.id }}
              grades={olympiad}
              slipName={`${olympiad.varName}-${t.countryCode.toLowerCase()}`}
              kind="country"
            />
          ) : null}
          <LeadersCard team={t} />
        </Stack>
      ) : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" component="div">
        {children}
      </Text>
    </Card>
  );
}

interface LeaderRow {
  name: string;
  email: string;
}

function LeadersCard({ team }: { team: CountryParticipant }) {
  const t = useT();
  const save = useSaveTeamLeaders();
  const form = useSchemaForm({
    schema: UpdateCountryParticipantBody,
    mode: 'controlled',
    initialValues: {
      leaders: team.leaders.map((l) => ({ name: l.name, email: l.email ?? '' })) as LeaderRow[],
    },
    validateInputOnBlur: true,
  });
  const leaders = form.values.leaders;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="leaders-title">
      <Title order={2} size="h3" id="leaders-title" mb="xs">
        {t('portal.team.leaders')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('portal.team.leadersHelp', { max: TEAM_LEADERS_MAX })}
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((body) =>
          save.mutate({ id: team.id, body }, { onSuccess: () => form.resetDirty(), onError: form.setServerErrors }),
        )}
      >
        <Stack>
          {save.error ? (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          ) : null}
          {leaders.map((_, i) => (
            <Group key={i} align="flex-end" wrap="wrap">
              <TextInput
                label={t('portal.team.leaderName', { n: i + 1 })}
                required
                w={{ base: '100%', sm: 260 }}
                {...form.getInputProps(`leaders.${i}.name`)}
              />
              <TextInput
                label={t('portal.team.email')}
                type="email"
                w={{ base: '100%', sm: 280 }}
                {...form.getInputProps(`leaders.${i}.email`)}
              />
              <Button variant="subtle" color="red" onClick={() => form.removeListItem('leaders', i)}>
                {t('portal.team.removeLeader', { n: i + 1 })}
              </Button>
            </Group>
          ))}
          {leaders.length === 0 ? <Text size="sm">{t('portal.team.noLeaders')}</Text> : null}
          <Group>
            <Button
              variant="light"
              disabled={leaders.length >= TEAM_LEADERS_MAX}
              onClick={() => form.insertListItem('leaders', { name: '', email: '' })}
            >
              {t('portal.team.addLeader')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('portal.team.saveLeaders')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
