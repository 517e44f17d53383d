import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { UnsubscribeRow } from '#contract/mail';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDownload } from '../api/files/download-file.js';
import { useAddUnsubscribe } from '../api/unsubscribes/add-unsubscribe.js';
import { useUnsubscribes } from '../api/unsubscribes/list-unsubscribes.js';
import { when } from '../components/MailBits.js';
import { useNewestFirst } from '../components/use-newest-first.js';

/** /overlord/unsubscribes and /{o}/admin|funding/reports/unsubscribes: who asked for no more mass mail; export. */
export function UnsubscribesPage() {
  const { olympiadName, olympiad } = useRouteOlympiad();
  const scoped = olympiadName !== '';
  const list = useListParams('createdAt');
  useNewestFirst(list);
  const rows = useUnsubscribes({ ...list.params, olympiadId: olympiad?.id }, !scoped || olympiad != null);
  const canAdd = rows.data?.can.addUnsubscribe ?? false;
  const add = useAddUnsubscribe();
  const [adding, setAdding] = useState(false);
  const [email, setEmail] = useState('');
  const columns: Column<UnsubscribeRow>[] = [
    { key: 'createdAt', label: 'When', sortable: true, render: (u) => when(u.createdAt) },
    { key: 'email', label: 'Address', sortable: true, render: (u) => u.email },
    ...(scoped
      ? []
      : [
          {
            key: 'olympiad',
            label: 'From',
            sortable: true,
            render: (u: UnsubscribeRow) => u.olympiadTitle ?? 'All of Olympus',
          },
        ]),
    {
      key: 'source',
      label: 'How',
      render: (u) =>
        ({ link: 'Unsubscribe page', 'one-click': 'One-click (mail client)', staff: 'Added by staff' })[u.source] ??
        u.source,
    },
  ];
  const download = useDownload();
  const exportCsv = () =>
    download.mutate({
      path: `/unsubscribe/v-rest/?format=csv${olympiad ? `&olympiadId=${olympiad.id}` : ''}`,
      filename: 'unsubscribes.csv',
    });
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="Unsubscribes"
        description="These addresses get no more mass mail (from this olympiad, or from all of Olympus). Messages about their own account still reach them."
        actions={
          <Group gap="xs">
            <Button variant="light" onClick={exportCsv}>
              Export CSV
            </Button>
            {canAdd ? <Button onClick={() => setAdding(true)}>Add an address</Button> : null}
          </Group>
        }
      />
      <PagedTable
        label="Unsubscribed addresses"
        columns={columns}
        rows={rows.data?.items}
        total={rows.data?.total ?? 0}
        rowKey={(u) => u.id}
        list={list}
        loading={rows.isFetching}
        error={rows.error}
        searchPlaceholder="Search by address"
        empty="Nobody has unsubscribed."
      />
      <Modal opened={adding} onClose={() => setAdding(false)} title="Stop mass mail to an address">
        <Stack>
          <TextInput
            label="Address"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={add.error?.message}
          />
          <Group justify="flex-end">
            <Button
              loading={add.isPending}
              onClick={() =>
                add.mutate(
                  { email: email.trim(), olympiadId: olympiad?.id ?? null },
                  {
                    onSuccess: () => {
                      setAdding(false);
                      setEmail('');
                    },
                  },
                )
              }
            >
              Add
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
