import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type CountryParticipant, TEAM_LEADERS_MAX, UpdateCountryParticipantBody } from '#contract/countries';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useTeam } from '../api/get-team.js';
import { useSaveTeamLeaders } from '../api/save-team-leaders.js';
import { LearnersCard } from '../components/LearnersCard.js';
import { UploadCard } from '../components/UploadCard.js';

const statusLabel: Record<CountryParticipant['status'], string> = {
  entered: 'Entered: register your team',
  learners_loaded: 'Team registered',
  withdrawn: 'Withdrawn',
};

/**
 * /portal/{o}/team: a team admin registers their country's team (within the olympiad's team size, with dates of
 * birth, one by one or from a spreadsheet), prints the sign-in slips, names the leaders, and finds the invoice, results
 * and certificates.
 */
export function TeamPage() {
  const { olympiad, olympiadName, error: olympiadError } = useRouteOlympiad();
  const team = useTeam(olympiad?.id);
  const error = olympiadError ?? team.error;
  const t = team.data;
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title={t ? `Team ${t.countryName}` : 'Team'}
        description="Register your country’s team, print the sign-in slips, and name the team’s leaders."
      />
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {t && olympiad ? (
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label="Status">
              <Badge color={t.status === 'learners_loaded' ? 'green' : 'yellow'} variant="light" tt="none">
                {statusLabel[t.status]}
              </Badge>
            </Fact>
            <Fact label="Team">
              {t.learnerCount} of {t.teamSize} learners
            </Fact>
            <Fact label="Time zone">{t.timeZone.replace(/_/g, ' ')}</Fact>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Your learners see the writing window in this time zone. Their fee is on your{' '}
            <Anchor underline="always" component={Link} to={`/portal/${olympiadName}/invoices`}>
              invoices
            </Anchor>
            ; results and certificates appear under{' '}
            <Anchor underline="always" component={Link} to={`/portal/${olympiadName}/certificates`}>
              certificates
            </Anchor>{' '}
            once the organisers publish them.
          </Text>
          <LearnersCard
            scope={{ olympiadId: olympiad.id }}
            slipName={`${olympiad.varName}-${t.countryCode.toLowerCase()}`}
            team={{ size: t.teamSize, count: t.learnerCount }}
          />
          {t.learnerCount < t.teamSize ? (
            <UploadCard
              scope={{ olympiadId: olympiad.id }}
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
        Leaders
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        The adults who accompany the team (at most {TEAM_LEADERS_MAX}).
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
                label={`Leader ${i + 1}: name`}
                required
                w={{ base: '100%', sm: 260 }}
                {...form.getInputProps(`leaders.${i}.name`)}
              />
              <TextInput
                label="Email"
                type="email"
                w={{ base: '100%', sm: 280 }}
                {...form.getInputProps(`leaders.${i}.email`)}
              />
              <Button variant="subtle" color="red" onClick={() => form.removeListItem('leaders', i)}>
                Remove leader {i + 1}
              </Button>
            </Group>
          ))}
          {leaders.length === 0 ? <Text size="sm">No leaders named yet.</Text> : null}
          <Group>
            <Button
              variant="light"
              disabled={leaders.length >= TEAM_LEADERS_MAX}
              onClick={() => form.insertListItem('leaders', { name: '', email: '' })}
            >
              Add a leader
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save leaders
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
