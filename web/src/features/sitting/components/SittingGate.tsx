import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import type { SittingState } from '../../../../../contract/index.js';
import { useSittingState } from '../api/state.js';
import { pageAllowed, stepPath, type SittingPage } from '../steps.js';

interface SittingGateProps {
  page: SittingPage;
  children: (state: SittingState, olympiadName: string) => ReactNode;
  /** Shown instead of redirecting when this returns true (e.g. the PIN page while its PIN is on screen). */
  hold?: boolean;
}

/**
 * Every learner page first asks GET /api/sitting/{o}/state and goes to the step the learner is really at:
 * a deep link never skips a step, and a resumed session opens where the learner was.
 */
export function SittingGate({ page, children, hold = false }: SittingGateProps) {
  const { olympiadName = '' } = useParams();
  const state = useSittingState(olympiadName);

  if (state.isError && !state.data) {
    return (
      <Stack gap="md" py="xl">
        <Title order={1} size="h2">
          We could not load your olympiad
        </Title>
        <Alert color="orange" variant="light" role="alert">
          {state.error.message}
        </Alert>
        <Text>Check that you are connected to the internet, then try again. Nothing you have answered is lost.</Text>
        <div>
          <Button onClick={() => void state.refetch()} loading={state.isFetching}>
            Try again
          </Button>
        </div>
      </Stack>
    );
  }
  if (!state.data) return <SittingLoading />;
  const data = state.data;
  const allowed = pageAllowed(page, data);
  if (!allowed && !hold) {
    // Decide on a fresh answer only: a cached one may be a step behind.
    if (!state.isFetchedAfterMount) return <SittingLoading />;
    return <Navigate to={stepPath(olympiadName, data)} replace />;
  }
  if (!data.window.open && data.step !== 'finished' && data.step !== 'questions') {
    return <WindowClosed state={data} />;
  }
  return <>{children(data, olympiadName)}</>;
}

export function SittingLoading({ label = 'Loading your olympiad…' }: { label?: string }) {
  return (
    <Stack align="center" gap="sm" py={64} role="status">
      <Loader size="md" aria-hidden="true" />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}

function when(iso: string | null): string | null {
  if (!iso) return null;
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
}

function WindowClosed({ state }: { state: SittingState }) {
  const opens = when(state.window.startsAt);
  return (
    <Stack gap="md" py="xl">
      <Title order={1} size="h2">
        {state.olympiad.title} is not open right now
      </Title>
      <Text size="lg">
        {state.window.message ?? (opens ? `It opens on ${opens}.` : 'Your teacher will tell you when it opens.')}
      </Text>
      <Text c="dimmed">You can close this page. Sign in again when the olympiad is open.</Text>
    </Stack>
  );
}
