import { Box, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSessionUser } from '../../../lib/session/index.js';
import { LiveCounters } from '../components/LiveCounters.js';
import { ProjectList } from '../components/ProjectList.js';
import classes from './WatchPage.module.css';

const steps = [
  {
    title: 'Schools enter',
    text: 'Teachers express interest, register their school and load their learners from a spreadsheet.',
  },
  {
    title: 'Learners write',
    text: 'On a phone, tablet or computer, with a timer and every answer saved the moment it is given.',
  },
  {
    title: 'Results follow',
    text: 'Marking is automatic. Organisers moderate, publish results and send every school its certificates.',
  },
];

/** / (the "Watch" page): the platform's home, with live figures on exam day and every olympiad. */
export function WatchPage() {
  const user = useSessionUser();
  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="hero-title">
        <Stack gap="lg" maw={760}>
          <Text className={classes.kicker}>Geography · History · Afrikaans · International geography</Text>
          <Title order={1} id="hero-title" className={classes.title}>
            Online olympiads for schools, from the first entry to the last certificate
          </Title>
          <Text size="xl" className={classes.lead}>
            Olympus runs subject olympiads end to end: registration, learner sign-in, timed writing, marking, results
            and certificates.
          </Text>
          <Group gap="md">
            {user ? (
              <Button component={Link} to={user.home} size="lg" color="yellow" c="dark.9">
                Go to my area
              </Button>
            ) : (
              <Button component={Link} to="/login" size="lg" color="yellow" c="dark.9">
                Sign in
              </Button>
            )}
            <Button component="a" href="#olympiads" size="lg" variant="outline" color="white">
              See the olympiads
            </Button>
          </Group>
        </Stack>
      </Box>

      <Box pt={48}>
        <LiveCounters />
      </Box>

      <Box component="section" id="olympiads" aria-labelledby="olympiads-title" py={48} style={{ scrollMarginTop: 80 }}>
        <Title order={2} id="olympiads-title" mb={4}>
          Olympiads
        </Title>
        <Text c="dimmed" mb="xl">
          Each project has its own site. Learners sign in to their olympiad with the details their teacher gives them.
        </Text>
        <ProjectList />
      </Box>

      <Box component="section" aria-labelledby="how-title" pb={48}>
        <Title order={2} id="how-title" mb="xl">
          How it works
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {steps.map((step, index) => (
            <Stack key={step.title} gap="xs">
              <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
                <Text fw={700}>{index + 1}</Text>
              </ThemeIcon>
              <Title order={3} size="h4">
                {step.title}
              </Title>
              <Text c="dimmed">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Box>
    </>
  );
}
