import { useEffect, useRef } from 'react';
import { T, useT } from '../../../lib/i18n/index.js';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { SigninQueued } from '#contract/index';
import { QueuePlace } from '../../../components/QueuePlace.js';
import { isRefusedPass, useQueuePlace } from '../api/get-queue-place.js';
import classes from './SigninQueue.module.css';

interface SigninQueueProps {
  olympiadName: string;
  /** The sign-in's 202 answer: the learner's place and the pass to poll it with. */
  queued: SigninQueued;
  /** The page signs in again (admitted): polling pauses meanwhile. */
  signingIn: boolean;
  /** Called once each time the poll finds the learner admitted: sign in again with the same details. */
  onAdmitted: () => void;
  /** Back to the form (the server keeps the place anyway). */
  onLeave: () => void;
}

/**
 * The queue at sign-in (decision 053), shown in place of the sign-in form: many learners are signing in at once,
 * so the learner has a place in the olympiad's queue before their password is checked. The page polls the place
 * and, once admitted, signs in again by itself. Their time has not started.
 */
export function SigninQueue({ olympiadName, queued, signingIn, onAdmitted, onLeave }: SigninQueueProps) {
  const t = useT();
  const place = useQueuePlace(olympiadName, queued, { paused: signingIn });
  const admitted = place.data.admitted;
  const estimate = place.data.estimateSeconds;

  // Sign in again once per answer that says "admitted" (a 202 again keeps polling, and a later answer retries).
  const triedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!admitted || signingIn || triedAt.current === place.dataUpdatedAt) return;
    triedAt.current = place.dataUpdatedAt;
    onAdmitted();
  }, [admitted, signingIn, place.dataUpdatedAt, onAdmitted]);

  // The form (and its focused button) is gone: a screen reader starts again at the queue's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack gap="md" role="region" aria-labelledby="signin-queue-heading">
      <Title order={2} size="h3" id="signin-queue-heading" ref={heading} tabIndex={-1} className={classes.heading}>
        {t('sitting.signin.queue.heading')}
      </Title>
      <Text>{t('sitting.signin.queue.lead')}</Text>
      <QueuePlace
        placeLabel={t('sitting.signin.queue.place')}
        admitted={admitted}
        position={place.data.position}
        estimateSeconds={estimate}
      />
      {!admitted && estimate == null ? <Text c="dimmed">{t('sitting.signin.queue.paused')}</Text> : null}
      {admitted ? (
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text fw={600}>{t('sitting.signin.queue.signingIn')}</Text>
        </Group>
      ) : (
        <Alert variant="light" color="olympus">
          <Text>
            <T id="sitting.signin.queue.notStarted" components={{ 0: <strong /> }} />
          </Text>
        </Alert>
      )}
      {place.isError ? (
        <Text c="dimmed" role="alert">
          {isRefusedPass(place.error) ? t('sitting.signin.queue.refused') : t('sitting.waiting.unreachable')}
        </Text>
      ) : null}
      <Button variant="default" size="md" fullWidth onClick={onLeave}>
        {t('sitting.signin.queue.leave')}
      </Button>
      <Text size="sm" c="dimmed" ta="center">
        {t('sitting.signin.queue.placeKept')}
      </Text>
    </Stack>
  );
}
