import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/index.js';

interface ConfirmProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action that changes or removes something: Cancel, or do it. */
export function Confirm({ opened, title, children, confirmLabel, color, loading, onConfirm, onClose }: ConfirmProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text component="div">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('portal.common.cancel')}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
