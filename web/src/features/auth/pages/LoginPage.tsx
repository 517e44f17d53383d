import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Button, Grid, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePublicOlympiad } from '../../../lib/public-api/index.js';
import { LoginForm } from '../components/LoginForm.js';
import { RecoverWithPinForm } from '../components/RecoverWithPinForm.js';
import { SignedInNotice } from '../components/SignedInNotice.js';
import { useSessionUser } from '../../../lib/session/index.js';
import {
  changeLocale,
  isLocale,
  localeNames,
  prepareLocale,
  storedLocale,
  T,
  useLocale,
  useT,
} from '../../../lib/i18n/index.js';

/** /login (site layout) and /{olympiadName}/login (plain layout, for learners). */
export function LoginPage() {
  const { olympiadName } = useParams();
  return olympiadName ? <OlympiadLogin olympiadName={olympiadName} /> : <SiteLogin />;
}

function SiteLogin() {
  const t = useT();
  return (
    <Grid gap={{ base: 'lg', md: 64 }} align="center" py={{ base: 'md', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 6 }} visibleFrom="md">
        <Stack gap="md">
          <Text fw={700} c="olympus.7" tt="uppercase" lts={0.6} size="sm">
            Olympus
          </Text>
          <Title order={2} fz={40} lh={1.15}>
            {t('sitting.signin.site.headline')}
          </Title>
          <List spacing="sm" size="lg" c="dimmed">
            <List.Item>{t('sitting.signin.site.organisers')}</List.Item>
            <List.Item>{t('sitting.signin.site.teachers')}</List.Item>
            <List.Item>{t('sitting.signin.site.learners')}</List.Item>
          </List>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} maw={480} mx="auto">
          <Title order={1} mb={4}>
            {t('learner.title.signIn')}
          </Title>
          <Text c="dimmed" mb="lg">
            {t('sitting.signin.site.intro')}
          </Text>
          <SignedInNotice />
          <SignInForms />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function OlympiadLogin({ olympiadName }: { olympiadName: string }) {
  const t = useT();
  const olympiad = usePublicOlympiad(olympiadName);
  const [search] = useSearchParams();
  const signedOut = search.has('signed-out');
  const offered = olympiadLanguages(olympiad.data);
  const offeredKey = offered.join(',');
  // The olympiad's own sign-in speaks its language (decision 091): the person's choice when the olympiad offers it,
  // else its default. A choice the olympiad does not offer gives way, kept, so the page stays in the offered one.
  useEffect(() => {
    const languages = offeredKey ? offeredKey.split(',') : [];
    const first = languages[0];
    if (!isLocale(first)) return;
    const stored = storedLocale();
    if (stored && languages.includes(stored)) return;
    void (stored ? changeLocale(first) : prepareLocale(first));
  }, [offeredKey]);
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={460} mx="auto">
      <Text fw={700} c="olympus.7" size="sm" mb={4}>
        {olympiad.data?.title ?? olympiadName}
      </Text>
      <Title order={1} mb={4}>
        {t('learner.title.signIn')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('sitting.signin.olympiad.intro')}
      </Text>
      <SignInLanguage offered={offered} />
      {olympiad.isError ? (
        <Alert color="orange" variant="light" title={t('sitting.signin.notFound')} mb="lg" role="alert">
          <T
            id="sitting.signin.notFoundText"
            values={{ name: olympiadName }}
            components={{ 0: <Anchor component={Link} to="/login" /> }}
          />
        </Alert>
      ) : null}
      {signedOut ? (
        <Alert color="olympus" variant="light" title={t('sitting.signin.signedOut')} mb="lg" role="status">
          {t('sitting.signin.signedOutText')}
        </Alert>
      ) : null}
      <SignedInNotice />
      <SignInForms olympiadName={olympiadName} recoverOpen={signedOut} />
      <Box mt="lg" ta="center">
        <Anchor component={Link} to="/login" size="sm">
          {t('sitting.signin.notYours')}
        </Anchor>
      </Box>
    </Paper>
  );
}

/**
 * The sign-in form and the recovery PIN. For someone already signed in (sent here by a role guard) they wait behind
 * "Sign in as someone else", under the notice that says who is signed in: a full form there read as if the sign-in
 * had failed.
 */
function SignInForms({ olympiadName, recoverOpen = false }: { olympiadName?: string; recoverOpen?: boolean }) {
  const t = useT();
  const user = useSessionUser();
  // Decided when the page opens: the form stays while its own sign-in completes (and stores the new session).
  const [shown, setShown] = useState(!user);
  // A learner in the queue at sign-in (decision 053) is not helped by the recovery PIN: it waits until they leave.
  const [queued, setQueued] = useState(false);
  if (!shown)
    return (
      <Box ta="center">
        <Anchor component="button" type="button" size="sm" onClick={() => setShown(true)}>
          {t('sitting.signin.someoneElse')}
        </Anchor>
      </Box>
    );
  return (
    <>
      <LoginForm olympiadName={olympiadName} onQueueChange={setQueued} />
      {queued ? null : <RecoverSection olympiadName={olympiadName} initiallyOpen={recoverOpen} />}
    </>
  );
}

/**
 * Learners who lost their session mid-olympiad sign in again with the recovery PIN: on /{olympiadName}/login for
 * that olympiad, on /login with the olympiad typed.
 */
function RecoverSection({ olympiadName, initiallyOpen = false }: { olympiadName?: string; initiallyOpen?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Box mt="lg" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Box ta="center">
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {olympiadName ? t('sitting.signin.lostSession') : t('sitting.signin.learnerLostSession')}
        </Anchor>
      </Box>
      {open ? (
        <Box mt="md">
          <RecoverWithPinForm olympiadName={olympiadName} />
        </Box>
      ) : null}
    </Box>
  );
}

/** The languages an olympiad offers, when the public olympiad says (its first the default); none: not known. */
function olympiadLanguages(olympiad: unknown): string[] {
  const data = olympiad as { languages?: unknown; defaultLanguage?: unknown } | undefined;
  const languages = Array.isArray(data?.languages) ? data.languages.filter(isLocale) : [];
  const own = isLocale(data?.defaultLanguage) ? data.defaultLanguage : undefined;
  return own ? [own, ...languages.filter((l) => l !== own)] : languages;
}

/**
 * The olympiad sign-in's language switch: both languages (or the olympiad's two), each named in itself, so a
 * learner on a shared computer reads the page in theirs before signing in. None for an olympiad of one language.
 */
function SignInLanguage({ offered }: { offered: string[] }) {
  const t = useT();
  const { locale } = useLocale();
  const languages = offered.length ? offered : ['en', 'af'];
  if (languages.length < 2) return null;
  return (
    <Group gap="xs" mb="lg" role="group" aria-label={t('learner.language.choose')}>
      {languages.filter(isLocale).map((language) => (
        <Button
          key={language}
          lang={language}
          size="xs"
          variant={language === locale ? 'filled' : 'default'}
          aria-pressed={language === locale}
          onClick={() => void changeLocale(language)}
        >
          {localeNames[language]}
        </Button>
      ))}
    </Group>
  );
}
