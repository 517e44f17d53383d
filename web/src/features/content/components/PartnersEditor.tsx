import { ActionIcon, Button, FileButton, Group, Image, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Partner } from '#contract/copy';
import { Confirm } from '../../../components/Confirm.js';
import { useDeletePartner } from '../api/delete-partner.js';
import { useReorderPartners } from '../api/reorder-partners.js';
import { useUploadPartnerLogo } from '../api/upload-partner-logo.js';
import { PartnerForm } from './PartnerForm.js';

/** The partners on /olympus/our-partners, in order: add, edit, logo, move, remove. */
export function PartnersEditor({ partners }: { partners: Partner[] }) {
  const reorder = useReorderPartners();
  const remove = useDeletePartner();
  const logo = useUploadPartnerLogo();
  const [editing, setEditing] = useState<Partner | 'new' | null>(null);
  const [removing, setRemoving] = useState<Partner | null>(null);
  const move = (index: number, by: -1 | 1) => {
    const ids = partners.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };
  return (
    <Stack gap="md" component="section" aria-labelledby="partners-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="partners-heading">
          Partners
        </Title>
        <Button onClick={() => setEditing('new')}>Add a partner</Button>
      </Group>
      {!partners.length ? <Text c="dimmed">No partners yet.</Text> : null}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Partners, in order">
        {partners.map((p, i) => (
          <Paper key={p.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 260px', minWidth: 0 }}>
                {p.logoUrl ? (
                  <Image src={p.logoUrl} alt="" w={64} h={40} fit="contain" />
                ) : (
                  <Text size="xs" c="dimmed" w={64} ta="center">
                    No logo
                  </Text>
                )}
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm">
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {p.url || 'No website'}
                  </Text>
                </Stack>
              </Group>
              <Group gap={4} wrap="wrap">
                <ActionIcon
                  variant="subtle"
                  disabled={i === 0 || reorder.isPending}
                  onClick={() => move(i, -1)}
                  aria-label={`Move up: ${p.name}`}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={i === partners.length - 1 || reorder.isPending}
                  onClick={() => move(i, 1)}
                  aria-label={`Move down: ${p.name}`}
                >
                  ↓
                </ActionIcon>
                <FileButton
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={(file) => file && logo.mutate({ id: p.id, file })}
                >
                  {(props) => (
                    <Button {...props} size="xs" variant="light" aria-label={`Upload a logo: ${p.name}`}>
                      Logo
                    </Button>
                  )}
                </FileButton>
                <Button size="xs" variant="light" onClick={() => setEditing(p)} aria-label={`Edit: ${p.name}`}>
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(p)}
                  aria-label={`Remove: ${p.name}`}
                >
                  Remove
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a partner' : 'Edit partner'}
      >
        {editing !== null ? (
          <PartnerForm partner={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Confirm
        opened={removing !== null}
        title="Remove this partner?"
        confirmLabel="Remove"
        color="red.9"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        {removing?.name} no longer appears on the partners page.
      </Confirm>
    </Stack>
  );
}
