import { Box, Button, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../../../lib/i18n/index.js';
import { useSessionUser } from '../../../lib/session/index.js';
import { LiveCounters } from '../components/LiveCounters.js';
import { ProjectList } from '../components/ProjectList.js';
import classes from './WatchPage.module.css';

const steps = [
  { title: 'public.watch.step1.title', text: 'public.watch.step1.text' },
  { title: 'public.watch.step2.title', text: 'public.watch.step2.text' },
  { title: 'public.watch.step3.title', text: 'public.watch.step3.text' },
] as const;

/** / (the "Watch" page): the platform's home, with live figures on exam day and every olympiad. */
export function WatchPage() {
  const user = useSessionUser();
  const t = useT();
  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="hero-title">
        <Stack gap="lg" maw={760}>
          <Text className={classes.kicker}>{t('public.watch.kicker')}</Text>
          <Title order={1} id="hero-title" className={classes.title}>
            {t('public.watch.title')}
          </Title>
          <Text size="xl" className={classes.lead}>
            {t('public.watch.lead')}
          </Text>
          <Group gap="md">
            {user ? (
              <Button component={Link} to={user.home} size="lg" color="yellow" c="dark.9">
                {t('public.watch.myArea')}
              </Button>
            ) : (
              <Button component={Link} to="/login" size="lg" color="yellow" c="dark.9">
                {t('public.nav.signIn')}
              </Button>
            )}
            <Button component="a" href="#olympiads" size="lg" variant="outline" color="white">
              {t('public.watch.seeOlympiads')}
            </Button>
          </Group>
        </Stack>
      </Box>

      <Box pt={48}>
        <LiveCounters />
      </Box>

      <Box component="section" id="olympiads" aria-labelledby="olympiads-title" py={48} style={{ scrollMarginTop: 80 }}>
        <Title order={2} id="olympiads-title" mb={4}>
          {t('public.nav.olympiads')}
        </Title>
        <Text c="dimmed" mb="xl">
          {t('public.watch.olympiadsLead')}
        </Text>
        <ProjectList />
      </Box>

      <Box component="section" aria-labelledby="how-title" pb={48}>
        <Title order={2} id="how-title" mb="xl">
          {t('public.watch.how')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          {steps.map((step, index) => (
            <Stack key={step.title} gap="xs">
              <ThemeIcon size={40} radius="xl" variant="light" aria-hidden="true">
                <Text fw={700}>{index + 1}</Text>
              </ThemeIcon>
              <Title order={3} size="h4">
                {t(step.title)}
              </Title>
              <Text c="dimmed">{t(step.text)}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Box>
    </>
  );
}
