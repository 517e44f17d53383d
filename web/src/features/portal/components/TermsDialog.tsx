import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TermsVersion } from '#contract/copy';
import { RichCopy } from '../../../components/RichCopy.js';
import { useT } from '../../../lib/i18n/index.js';
import { useAcceptTerms } from '../api/accept-terms.js';

interface TermsDialogProps {
  opened: boolean;
  terms: TermsVersion | null;
  /** The version the teacher accepted before, when they are asked again. */
  previousVersion: number | null;
  onClose: () => void;
  onAccepted: () => void;
}

/** The terms and conditions to read and accept: asked before a teacher enters a school, and again when they change. */
export function TermsDialog({ opened, terms, previousVersion, onClose, onAccepted }: TermsDialogProps) {
  const t = useT();
  const accept = useAcceptTerms();
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);
  const title = previousVersion ? t('portal.terms.changed') : t('portal.terms.title');
  return (
    <Modal opened={opened && terms != null} onClose={onClose} title={title} size="lg">
      {terms ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {previousVersion
              ? t('portal.terms.readAgain', { previous: previousVersion, version: terms.version })
              : t('portal.terms.read', { version: terms.version })}
          </Text>
          {previousVersion && terms.summary ? (
            <Alert variant="light" title={t('portal.terms.whatChanged')}>
              {terms.summary}
            </Alert>
          ) : null}
          <ScrollArea.Autosize
            mah="45vh"
            type="auto"
            offsetScrollbars
            viewportProps={{
              tabIndex: 0,
              role: 'region',
              'aria-label': t('portal.terms.region', { version: terms.version }),
            }}
          >
            <RichCopy html={terms.body} />
          </ScrollArea.Autosize>
          <Checkbox
            checked={ticked}
            onChange={(e) => {
              setTicked(e.currentTarget.checked);
              setMissing(false);
            }}
            label={t('portal.terms.tick')}
            error={missing ? t('portal.terms.tickMissing') : undefined}
          />
          {accept.error ? (
            <Alert color="red" role="alert">
              {accept.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('portal.terms.notNow')}
            </Button>
            <Button
              loading={accept.isPending}
              onClick={() => {
                if (!ticked) return setMissing(true);
                accept.mutate(terms.id, { onSuccess: onAccepted });
              }}
            >
              {t('portal.terms.accept')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
