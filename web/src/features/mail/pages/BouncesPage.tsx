import { Badge, Select, Text } from '@mantine/core';
import { useState } from 'react';
import type { BounceRow } from '#contract/mail';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useBounces } from '../api/unsubscribes/list-bounces.js';
import { when } from '../components/MailBits.js';
import { useNewestFirst } from '../components/use-newest-first.js';

/** /overlord/bounces: bounce notifications from the mail provider; hard bounces and complaints stop mass mail. */
export function BouncesPage() {
  const list = useListParams('createdAt');
  useNewestFirst(list);
  const [kind, setKind] = useState<string | undefined>();
  const bounces = useBounces({ ...list.params, kind });
  const columns: Column<BounceRow>[] = [
    { key: 'createdAt', label: 'When', sortable: true, render: (b) => when(b.createdAt) },
    { key: 'email', label: 'Address', sortable: true, render: (b) => b.email },
    {
      key: 'kind',
      label: 'Kind',
      sortable: true,
      render: (b) => (
        <Badge variant="light" color={b.kind === 'soft' ? 'yellow' : 'red'}>
          {b.kind}
        </Badge>
      ),
    },
    { key: 'reason', label: 'Reason', render: (b) => <Text size="sm">{b.reason || '—'}</Text> },
    { key: 'message', label: 'Message', render: (b) => (b.emailId ? `#${b.emailId}` : '—') },
  ];
  return (
    <>
      <PageHeader
        title="Bounces"
        description="Addresses whose mail came back. A hard bounce or a complaint stops all mass mail to the address; system mail still goes."
      />
      <Select
        label="Kind"
        placeholder="Any kind"
        clearable
        w={200}
        mb="sm"
        data={[
          { value: 'hard', label: 'Hard' },
          { value: 'soft', label: 'Soft' },
          { value: 'complaint', label: 'Complaint' },
        ]}
        value={kind ?? null}
        onChange={(v) => {
          setKind(v ?? undefined);
          list.setPage(1);
        }}
      />
      <PagedTable
        label="Bounces"
        columns={columns}
        rows={bounces.data?.items}
        total={bounces.data?.total ?? 0}
        rowKey={(b) => b.id}
        list={list}
        loading={bounces.isFetching}
        error={bounces.error}
        searchPlaceholder="Search by address or reason"
        empty="No bounces."
      />
    </>
  );
}
