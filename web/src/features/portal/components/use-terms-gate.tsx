import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { TERMS_NOT_ACCEPTED } from '#contract/copy';
import { isApiError } from '../../../lib/api/index.js';
import { useT } from '../../../lib/i18n/index.js';
import { useTermsStatus } from '../api/get-terms-status.js';
import { TermsDialog } from './TermsDialog.js';

/** Is this the server's "accept the current terms first" (409 terms_not_accepted)? */
export const isTermsRequired = (error: unknown) => isApiError(error) && error.code === TERMS_NOT_ACCEPTED;

/**
 * The terms before a teacher's step that needs them (entering a school): `run(step)` asks for the current terms
 * first when the teacher has not accepted them, then takes the step; `asked(step)` opens the dialog after the
 * server answered 409 terms_not_accepted. `dialog` is rendered once by the screen; `notice` tells the teacher
 * when the terms have changed.
 */
export function useTermsGate() {
  const t = useT();
  const status = useTermsStatus();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (step: (() => void) | null) => {
    setPending(() => step);
    setOpened(true);
  };
  const mustAccept = (data: typeof status.data) => data != null && !data.accepted && data.terms != null;
  const needed = mustAccept(status.data);
  const dialog = (
    <TermsDialog
      opened={opened}
      terms={status.data?.terms ?? null}
      previousVersion={status.data?.previousVersion ?? null}
      onClose={() => setOpened(false)}
      onAccepted={() => {
        setOpened(false);
        pending?.();
        setPending(null);
      }}
    />
  );
  const notice = needed ? (
    <Alert
      variant="light"
      color="yellow"
      title={status.data?.previousVersion ? t('portal.terms.changed') : t('portal.terms.title')}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{t('portal.terms.notice', { version: status.data?.terms?.version })}</Text>
        <Button size="xs" onClick={() => open(null)}>
          {t('portal.terms.readAndAccept')}
        </Button>
      </Group>
    </Alert>
  ) : null;
  return {
    run: (step: () => void) => {
      if (needed) return open(step);
      if (status.data != null) return step();
      // Clicked before the status arrived: wait for it, so the terms come first (the server refuses without them).
      void status.refetch().then((r) => (mustAccept(r.data) ? open(step) : step()));
    },
    asked: (error: unknown, step: () => void) => {
      if (!isTermsRequired(error)) return;
      void status.refetch();
      open(step);
    },
    dialog,
    notice,
  };
}
