import { useState } from 'react';
import { Alert, Anchor, Box, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { usePublicOlympiad } from '../../../lib/public-api/index.js';
import { LoginForm } from '../components/LoginForm.js';
import { RecoverWithPinForm } from '../components/RecoverWithPinForm.js';
import { SignedInNotice } from '../components/SignedInNotice.js';
import { useSessionUser } from '../../../lib/session/index.js';

/** /login (site layout) and /{olympiadName}/login (plain layout, for learners). */
export function LoginPage() {
  const { olympiadName } = useParams();
  return olympiadName ? <OlympiadLogin olympiadName={olympiadName} /> : <SiteLogin />;
}

function SiteLogin() {
  return (
    <Grid gap={{ base: 'lg', md: 64 }} align="center" py={{ base: 'md', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 6 }} visibleFrom="md">
        <Stack gap="md">
          <Text fw={700} c="olympus.7" tt="uppercase" lts={0.6} size="sm">
            Olympus
          </Text>
          <Title order={2} fz={40} lh={1.15}>
            One place for every olympiad, from registration to certificates.
          </Title>
          <List spacing="sm" size="lg" c="dimmed">
            <List.Item>Organisers set questions, follow schools and publish results.</List.Item>
            <List.Item>Teachers register their school and load their learners.</List.Item>
            <List.Item>Learners write on any device, with every answer saved as they go.</List.Item>
          </List>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} maw={480} mx="auto">
          <Title order={1} mb={4}>
            Sign in
          </Title>
          <Text c="dimmed" mb="lg">
            Staff and teachers sign in with their username. Learners switch on “I am a learner” and choose their
            olympiad.
          </Text>
          <SignedInNotice />
          <SignInForms />
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function OlympiadLogin({ olympiadName }: { olympiadName: string }) {
  const olympiad = usePublicOlympiad(olympiadName);
  const [search] = useSearchParams();
  const signedOut = search.has('signed-out');
  return (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 40 }} w="100%" maw={460} mx="auto">
      <Text fw={700} c="olympus.7" size="sm" mb={4}>
        {olympiad.data?.title ?? olympiadName}
      </Text>
      <Title order={1} mb={4}>
        Sign in
      </Title>
      <Text c="dimmed" mb="lg">
        Learners: use the username and password your teacher gave you.
      </Text>
      {olympiad.isError ? (
        <Alert color="orange" variant="light" title="Olympiad not found" mb="lg" role="alert">
          We could not find an olympiad called “{olympiadName}”. Check the link you were given, or{' '}
          <Anchor component={Link} to="/login">
            sign in on the main page
          </Anchor>
          .
        </Alert>
      ) : null}
      {signedOut ? (
        <Alert color="olympus" variant="light" title="You signed out during the olympiad" mb="lg" role="status">
          Everything you answered is saved. To carry on, sign in with your password, or with your username and the
          recovery PIN you wrote down.
        </Alert>
      ) : null}
      <SignedInNotice />
      <SignInForms olympiadName={olympiadName} recoverOpen={signedOut} />
      <Box mt="lg" ta="center">
        <Anchor component={Link} to="/login" size="sm">
          Not your olympiad? Sign in on the main page
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
  const user = useSessionUser();
  // Decided when the page opens: the form stays while its own sign-in completes (and stores the new session).
  const [shown, setShown] = useState(!user);
  // A learner in the queue at sign-in (decision 053) is not helped by the recovery PIN: it waits until they leave.
  const [queued, setQueued] = useState(false);
  if (!shown)
    return (
      <Box ta="center">
        <Anchor component="button" type="button" size="sm" onClick={() => setShown(true)}>
          Sign in as someone else
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
          {olympiadName
            ? 'Lost your session? Use your recovery PIN'
            : 'Learner who lost their session? Use your recovery PIN'}
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
