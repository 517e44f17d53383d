import { Alert, Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { NewPasswordsResult } from '#contract/learners';
import { useDownloadSlips } from '../api/download-slips.js';
import type { LearnerScope } from '../api/keys.js';
import { useNewPasswords } from '../api/new-passwords.js';
import { figure } from '#contract/numbers';
import { useT } from '../../../lib/i18n/index.js';

interface NewPasswordsDialogProps {
  opened: boolean;
  onClose: () => void;
  scope: LearnerScope;
  slipName: string;
  /** The learners ticked in the list. */
  chosen: number[];
  /** How many learners the school has (null when the list is searched and does not say). */
  total: number | null;
  /** After new passwords were issued: the ticks are cleared. */
  onIssued: () => void;
  /** Whose learners these are: a school's, or a country's team's (contract/units.ts). */
  team?: boolean;
}

const name = (l: { firstName: string; lastName: string; username: string }) =>
  `${l.firstName} ${l.lastName} (${l.username})`;

/**
 * New passwords for all or the chosen learners, in one action: what it means first, then whose password changed
 * (and whose did not), with their slips to print.
 */
export function NewPasswordsDialog({
  opened,
  onClose,
  scope,
  slipName,
  chosen,
  total,
  onIssued,
  team = false,
}: NewPasswordsDialogProps) {
  const t = useT();
  const issue = useNewPasswords();
  const slips = useDownloadSlips();
  const [which, setWhich] = useState<'chosen' | 'all'>(chosen.length ? 'chosen' : 'all');
  const [done, setDone] = useState<{ result: NewPasswordsResult; all: boolean } | null>(null);
  const count = which === 'all' ? total : chosen.length;
  const learners = (n: number | null) =>
    n == null ? t('portal.passwords.learners') : t('portal.learners.count', { count: n, n: figure(n) });
  const close = () => {
    setDone(null);
    issue.reset();
    onClose();
  };
  const print = (format: 'pdf' | 'csv') =>
    slips.mutate({
      scope,
      format,
      name: `${slipName}-new-passwords`,
      ...(done && !done.all ? { ids: done.result.changed.map((l) => l.id) } : {}),
    });

  return (
    <Modal opened={opened} onClose={close} title={t('portal.passwords.title')} size="lg">
      {done ? (
        <Stack>
          <Alert
            color={done.result.changed.length ? 'green' : 'orange'}
            variant="light"
            title={t('portal.passwords.whatChanged')}
          >
            {done.result.message}
          </Alert>
          {done.result.changed.length ? (
            <div>
              <Text fw={600} id="changed-title">
                {t('portal.passwords.changed', { count: done.result.changed.length })}
              </Text>
              <List size="sm" aria-labelledby="changed-title" mah={200} style={{ overflowY: 'auto' }}>
                {done.result.changed.map((l) => (
                  <List.Item key={l.id}>{name(l)}</List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {done.result.skipped.length ? (
            <div>
              <Text fw={600} id="kept-title">
                {t('portal.passwords.kept', { count: done.result.skipped.length })}
              </Text>
              <List size="sm" aria-labelledby="kept-title">
                {done.result.skipped.map((l) => (
                  <List.Item key={l.id}>
                    {name(l)}: {l.reason}
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={close}>
              {t('portal.passwords.close')}
            </Button>
            {done.result.changed.length ? (
              <>
                <Button variant="light" onClick={() => print('csv')} loading={slips.isPending}>
                  {t('portal.passwords.theirCsv')}
                </Button>
                <Button onClick={() => print('pdf')} loading={slips.isPending}>
                  {t('portal.passwords.theirPdf')}
                </Button>
              </>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Radio.Group
            label={t('portal.passwords.who')}
            value={which}
            onChange={(value) => setWhich(value === 'all' ? 'all' : 'chosen')}
          >
            <Stack gap="xs" mt="xs">
              <Radio
                value="chosen"
                disabled={chosen.length === 0}
                label={
                  chosen.length
                    ? t('portal.passwords.ticked', { count: chosen.length })
                    : t('portal.passwords.tickFirst')
                }
              />
              <Radio
                value="all"
                label={t('portal.passwords.all', { team: team ? 'yes' : 'no', learners: learners(total) })}
              />
            </Stack>
          </Radio.Group>
          <Text>{t('portal.passwords.explain')}</Text>
          {issue.error ? (
            <Alert color="red" variant="light" role="alert" title={t('portal.passwords.noneChanged')}>
              {issue.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('portal.passwords.cancel')}
            </Button>
            <Button
              color="red.9"
              disabled={count === 0}
              loading={issue.isPending}
              onClick={() =>
                issue.mutate(
                  { scope, learners: which === 'all' ? 'all' : chosen },
                  {
                    onSuccess: (result) => {
                      setDone({ result, all: which === 'all' });
                      onIssued();
                    },
                  },
                )
              }
            >
              {which === 'all' && total == null
                ? t('portal.passwords.forAll')
                : t('portal.passwords.for', { learners: learners(count) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
