import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { UsefulContact } from '#contract/mail';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, pageOf, useListParams } from '../../../components/PagedTable.js';
import { EditorModal, type Editing, RowActions } from '../../../components/RowEditing.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useContacts } from '../api/contacts/list-contacts.js';
import { useDeleteContact } from '../api/contacts/delete-contact.js';
import { ContactForm } from '../components/ContactForm.js';

/**
 * /{o}/admin|funding/edit/interested-and-affected-parties: the olympiad's useful contacts (sponsors, officials,
 * partners), kept by its admins and funding staff; the mass-mail audience "useful contacts".
 */
export function ContactsPage() {
  const { olympiad } = useRouteOlympiad();
  const list = useListParams('name');
  const contacts = useContacts({ ...list.params, olympiadId: olympiad?.id });
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<Editing<UsefulContact>>(null);
  const [removing, setRemoving] = useState<UsefulContact | null>(null);

  const columns: Column<UsefulContact>[] = [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (c) => (
        <Text size="sm" fw={600}>
          {c.name}
        </Text>
      ),
    },
    { key: 'organisation', label: 'Organisation', sortable: true, render: (c) => c.organisation ?? '—' },
    { key: 'role', label: 'Role or title', sortable: true, render: (c) => c.role ?? '—' },
    {
      key: 'email',
      label: 'Email',
      sortable: true,
      render: (c) =>
        c.email ? (
          <Group gap={6} wrap="nowrap">
            <Anchor href={`mailto:${c.email}`} size="sm">
              {c.email}
            </Anchor>
            {c.suppressed ? (
              <Badge size="xs" color="orange" variant="light" style={{ minWidth: 'max-content' }}>
                No mass mail
              </Badge>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    {
      key: 'phone',
      label: 'Phone',
      render: (c) =>
        c.phone ? (
          <Anchor href={`tel:${c.phone.replace(/[^\d+]/g, '')}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {c.phone}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (c) => (
        <RowActions
          name={c.name}
          onEdit={c.can.update && (() => setEditing(c))}
          onRemove={c.can.delete && (() => setRemoving(c))}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Interested and affected parties"
        description="Useful contacts of this olympiad: sponsors, officials and partners. Those with an address can be sent mass mail as the audience “Useful contacts”."
        actions={
          <Button onClick={() => setEditing('new')} disabled={!olympiad}>
            New contact
          </Button>
        }
      />
      <PagedTable
        label="Useful contacts"
        columns={columns}
        {...pageOf(contacts)}
        rowKey={(c) => c.id}
        list={list}
        searchPlaceholder="Search name, organisation, email"
        empty="No contacts match."
      />
      <EditorModal
        editing={editing}
        onClose={() => setEditing(null)}
        titles={{ add: 'New contact', edit: 'Edit contact' }}
        size="lg"
      >
        {(contact) =>
          olympiad ? <ContactForm olympiadId={olympiad.id} contact={contact} onDone={() => setEditing(null)} /> : null
        }
      </EditorModal>
      <Confirm
        opened={removing !== null}
        title="Delete this contact?"
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        {removing ? (
          <>
            <b>{removing.name}</b>
            {removing.organisation ? ` (${removing.organisation})` : ''} will be removed from this olympiad’s contacts
            and from the audience “Useful contacts”.
          </>
        ) : null}
      </Confirm>
    </>
  );
}
