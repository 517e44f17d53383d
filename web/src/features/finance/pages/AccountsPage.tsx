import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { type Account, AccountInput } from '#contract/finance';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useDeleteAccount } from '../api/delete-account.js';
import { useAccounts } from '../api/list-accounts.js';
import { useOlympiadOptions } from '../api/list-olympiad-options.js';
import { useSaveAccount } from '../api/save-account.js';

interface Values extends Record<string, unknown> {
  name: string;
  legalName: string;
  registrationNumber: string;
  vatNumber: string;
  vatPercent: number | string;
  address: string;
  email: string;
  phone: string;
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
  bankBranchCode: string;
  bankSwift: string;
  invoicePrefix: string;
  referenceRule: string;
  paymentTermsDays: number | string;
  footer: string;
  olympiadIds: string[];
}

const valuesOf = (a: Account | null): Values => ({
  name: a?.name ?? '',
  legalName: a?.legalName ?? '',
  registrationNumber: a?.registrationNumber ?? '',
  vatNumber: a?.vatNumber ?? '',
  vatPercent: a ? a.vatRateBp / 100 : 15,
  address: a?.address ?? '',
  email: a?.email ?? '',
  phone: a?.phone ?? '',
  bankName: a?.bankName ?? '',
  bankAccountName: a?.bankAccountName ?? '',
  bankAccountNumber: a?.bankAccountNumber ?? '',
  bankBranchCode: a?.bankBranchCode ?? '',
  bankSwift: a?.bankSwift ?? '',
  invoicePrefix: a?.invoicePrefix ?? '',
  referenceRule: a?.referenceRule ?? '{prefix}{order}',
  paymentTermsDays: a?.paymentTermsDays ?? 30,
  footer: a?.footer ?? '',
  olympiadIds: a?.olympiads.map((o) => String(o.id)) ?? [],
});

const toInput = ({ vatPercent, olympiadIds, paymentTermsDays, ...v }: Values): AccountInput => ({
  ...v,
  vatRateBp: Math.round(Number(vatPercent) * 100),
  paymentTermsDays: Number(paymentTermsDays),
  olympiadIds: olympiadIds.map(Number),
});

function AccountForm({ account, onDone }: { account: Account | null; onDone: () => void }) {
  const save = useSaveAccount();
  const olympiads = useOlympiadOptions();
  const form = useSchemaForm<Values, AccountInput>({
    schema: AccountInput,
    initialValues: valuesOf(account),
    toInput,
    fieldOf: { vatRateBp: 'vatPercent' },
  });
  return (
    <form
      onSubmit={form.onSubmit((input) =>
        save.mutate({ id: account?.id ?? null, values: input }, { onSuccess: onDone, onError: form.setServerErrors }),
      )}
    >
      <Stack gap="sm">
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        <Title order={3} size="h5">
          Who invoices
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name (for staff)" required {...form.getInputProps('name')} />
          <TextInput label="Legal name (on invoices)" required {...form.getInputProps('legalName')} />
          <TextInput label="Registration number" {...form.getInputProps('registrationNumber')} />
          <TextInput
            label="VAT number"
            description="Leave empty when not registered for VAT: invoices then carry no VAT"
            {...form.getInputProps('vatNumber')}
          />
          <NumberInput label="VAT rate (%)" min={0} max={100} decimalScale={2} {...form.getInputProps('vatPercent')} />
          <TextInput label="Email for queries" {...form.getInputProps('email')} />
          <TextInput label="Phone" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} />
        <Title order={3} size="h5" mt="sm">
          Where schools pay
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Bank" required {...form.getInputProps('bankName')} />
          <TextInput label="Account holder" required {...form.getInputProps('bankAccountName')} />
          <TextInput label="Account number" required {...form.getInputProps('bankAccountNumber')} />
          <TextInput label="Branch code" required {...form.getInputProps('bankBranchCode')} />
          <TextInput label="SWIFT (for payments from abroad)" {...form.getInputProps('bankSwift')} />
        </SimpleGrid>
        <Title order={3} size="h5" mt="sm">
          Numbers and references
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Invoice prefix"
            description="GEO → GEO-2026-00042"
            required
            {...form.getInputProps('invoicePrefix')}
          />
          <TextInput
            label="Payment reference rule"
            description="{prefix} {year} {order} {emis}"
            {...form.getInputProps('referenceRule')}
          />
          <NumberInput label="Payment terms (days)" min={0} max={365} {...form.getInputProps('paymentTermsDays')} />
        </SimpleGrid>
        <Textarea label="Footer printed on every invoice" autosize minRows={2} {...form.getInputProps('footer')} />
        <MultiSelect
          label="Olympiads it invoices"
          description="An olympiad has one account; choosing it here moves it from any other"
          data={(olympiads.data?.items ?? []).map((o) => ({ value: String(o.id), label: `${o.title} (${o.varName})` }))}
          searchable
          {...form.getInputProps('olympiadIds')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /overlord/edit/accounts: the invoicing accounts (legal identity, VAT, bank details) and their olympiads (decision 031). */
export function AccountsPage() {
  const accounts = useAccounts();
  const remove = useDeleteAccount();
  const [editing, setEditing] = useState<Account | null | 'new'>(null);
  const [removing, setRemoving] = useState<Account | null>(null);
  return (
    <>
      <PageHeader
        title="Accounts"
        description="Who issues each olympiad’s invoices, and the bank account schools pay into. Issued invoices keep the details they were issued with."
        actions={<Button onClick={() => setEditing('new')}>New account</Button>}
      />
      {accounts.error ? <Alert color="red">{accounts.error.message}</Alert> : null}
      <Stack gap="md">
        {accounts.data?.items.map((a) => (
          <Card key={a.id} withBorder radius="md" padding="lg">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <div>
                <Title order={2} size="h4">
                  {a.name}
                </Title>
                <Text size="sm">
                  {a.legalName}
                  {a.vatNumber ? ` · VAT ${a.vatNumber} (${a.vatRateBp / 100} %)` : ' · not VAT registered'}
                </Text>
                <Text size="sm" c="dimmed">
                  {a.bankName} {a.bankAccountNumber}, branch {a.bankBranchCode} · prefix {a.invoicePrefix} ·{' '}
                  {a.documents} documents issued
                </Text>
                <Text size="sm" mt={4}>
                  {a.olympiads.length
                    ? `Invoices: ${a.olympiads.map((o) => o.title).join(', ')}`
                    : 'Invoices no olympiad yet'}
                </Text>
              </div>
              <Group gap="xs">
                {a.can.update ? (
                  <Button size="xs" variant="light" onClick={() => setEditing(a)} aria-label={`Edit ${a.name}`}>
                    Edit
                  </Button>
                ) : null}
                {a.can.delete ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(a)}
                    aria-label={`Remove ${a.name}`}
                  >
                    Remove
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Card>
        ))}
        {accounts.data && !accounts.data.items.length ? (
          <Text c="dimmed">No accounts yet: create one so that olympiads can invoice.</Text>
        ) : null}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New account' : 'Edit account'}
        size="xl"
      >
        {editing !== null ? (
          <AccountForm account={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <Confirm
        opened={removing !== null}
        title="Remove this account?"
        confirmLabel="Remove"
        color="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      >
        {removing ? (
          <>
            The account <b>{removing.name}</b> is removed; its olympiads are left without one until you choose another.
          </>
        ) : null}
      </Confirm>
    </>
  );
}
