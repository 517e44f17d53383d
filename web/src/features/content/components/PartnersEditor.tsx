import { Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Partner } from '#contract/copy';
import { Confirm } from '../../../components/Confirm.js';
import { EditorModal, type Editing } from '../../../components/RowEditing.js';
import { useDeletePartner } from '../api/delete-partner.js';
import { useReorderPartners } from '../api/reorder-partners.js';
import { useUploadPartnerLogo } from '../api/upload-partner-logo.js';
import { OrderedList } from './OrderedList.js';
import { PartnerForm } from './PartnerForm.js';

/** The partners on /olympus/our-partners, in order: add, edit, logo, move, remove. */
export function PartnersEditor({ partners }: { partners: Partner[] }) {
  const reorder = useReorderPartners();
  const remove = useDeletePartner();
  const logo = useUploadPartnerLogo();
  const [editing, setEditing] = useState<Editing<Partner>>(null);
  const [removing, setRemoving] = useState<Partner | null>(null);
  return (
    <Stack gap="md" component="section" aria-labelledby="partners-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3" id="partners-heading">
          Partners
        </Title>
        <Button onClick={() => setEditing('new')}>Add a partner</Button>
      </Group>
      {!partners.length ? <Text c="dimmed">No partners yet.</Text> : null}
      <OrderedList
        label="Partners, in order"
        items={partners}
        name={(p) => p.name}
        onReorder={(ids) => reorder.mutate(ids)}
        moving={reorder.isPending}
        onEdit={setEditing}
        onRemove={setRemoving}
        actions={(p) => (
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
        )}
        render={(p) => (
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
        )}
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'Add a partner', edit: 'Edit partner' }}
      >
        {(partner) => <PartnerForm partner={partner} onDone={() => setEditing(null)} />}
      </EditorModal>
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
