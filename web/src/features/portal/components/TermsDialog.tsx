import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { TermsVersion } from '#contract/copy';
import { RichCopy } from '../../../components/RichCopy.js';
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
  const accept = useAcceptTerms();
  const [ticked, setTicked] = useState(false);
  const [missing, setMissing] = useState(false);
  const title = previousVersion ? 'The terms and conditions have changed' : 'Terms and conditions';
  return (
    <Modal opened={opened && terms != null} onClose={onClose} title={title} size="lg">
      {terms ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {previousVersion
              ? `You accepted version ${previousVersion}. Please read version ${terms.version} and accept it to continue.`
              : `Please read the terms (version ${terms.version}) and accept them to enter your school.`}
          </Text>
          {previousVersion && terms.summary ? (
            <Alert variant="light" title="What changed">
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
              'aria-label': `Terms and conditions, version ${terms.version}`,
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
            label="I have read the terms and conditions and I accept them"
            error={missing ? 'Tick this box to accept the terms.' : undefined}
          />
          {accept.error ? (
            <Alert color="red" role="alert">
              {accept.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button
              loading={accept.isPending}
              onClick={() => {
                if (!ticked) return setMissing(true);
                accept.mutate(terms.id, { onSuccess: onAccepted });
              }}
            >
              Accept the terms
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
