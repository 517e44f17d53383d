import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { PaymentInput, type PaymentMethod, type PurchaseOrder } from '#contract/finance';
import { parseMoney } from '#contract/numbers';
import { isApiError } from '../../../lib/api/errors.js';
import { todayInput } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useRecordPayment } from '../api/record-payment.js';

/**
 * A payment as the form holds it: the amount as typed (read by `parseMoney`: "1234.50", "R 1 234,50"), the rest as
 * the contract takes it. The order is the drawer's.
 */
interface PaymentValues extends Record<string, unknown> {
  amount: string;
  receivedOn: string;
  method: z.infer<typeof PaymentMethod>;
  reference: string;
}
type PaymentFields = Omit<PaymentInput, 'purchaseOrderId'>;

/** The contract's payment without the order, and an amount that is not one said in the form's words. */
const PaymentForm = PaymentInput.omit({ purchaseOrderId: true }).extend({
  amountCents: z.number('Enter an amount like 1234.50').pipe(PaymentInput.shape.amountCents),
});

const paymentToInput = ({ amount, receivedOn, method, reference }: PaymentValues): PaymentFields => ({
  amountCents: parseMoney(amount) ?? Number.NaN,
  receivedOn,
  method,
  reference,
});

/** A payment recorded by hand for the order, with a way past the server's duplicate refusal. */
export function RecordPayment({ order }: { order: PurchaseOrder }) {
  const record = useRecordPayment();
  const form = useSchemaForm<PaymentValues, PaymentFields>({
    schema: PaymentForm,
    mode: 'controlled',
    validateInputOnChange: true,
    // Today in South Africa, not the UTC date (which is still yesterday there before 02:00).
    initialValues: { amount: '', receivedOn: todayInput(), method: 'eft', reference: '' },
    toInput: paymentToInput,
    fieldOf: { amountCents: 'amount' },
  });
  // Whether the last refusal's field errors all found their fields (else its sentence is shown under the form).
  const [onFields, setOnFields] = useState(false);
  const cents = parseMoney(form.values.amount);
  // The server refuses a payment identical to one recorded minutes ago (409 duplicate_payment): its sentence is shown
  // with a way to record it all the same, for a school that really paid twice.
  const duplicate = isApiError(record.error) && record.error.code === 'duplicate_payment';
  const submit = (body: PaymentInput) => {
    setOnFields(false);
    record.mutate(body, {
      onSuccess: () => form.setValues({ amount: '', reference: '' }),
      onError: (error) => setOnFields(form.setServerErrors(error)),
    });
  };
  return (
    <form onSubmit={form.onSubmit((input) => submit({ ...input, purchaseOrderId: order.id }))}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Record a payment
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Amount (R)"
            placeholder={(Math.max(order.balanceCents, 0) / 100).toFixed(2)}
            w={140}
            required
            {...form.getInputProps('amount')}
          />
          <TextInput label="Received on" type="date" w={170} required {...form.getInputProps('receivedOn')} />
          <Select
            label="Method"
            data={[
              { value: 'eft', label: 'EFT' },
              { value: 'deposit', label: 'Deposit' },
              { value: 'card', label: 'Card' },
              { value: 'cash', label: 'Cash' },
              { value: 'other', label: 'Other' },
            ]}
            w={130}
            allowDeselect={false}
            {...form.getInputProps('method')}
          />
          <TextInput label="Reference" style={{ flex: '1 1 160px' }} {...form.getInputProps('reference')} />
        </Group>
        {duplicate && record.variables ? (
          <Alert color="yellow" title="Recorded already?">
            <Stack gap="xs">
              <Text size="sm">{record.error!.message}</Text>
              <Group>
                <Button
                  size="xs"
                  color="yellow"
                  variant="light"
                  onClick={() => submit({ ...record.variables!, confirmDuplicate: true })}
                >
                  Record it anyway
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : record.error && !onFields ? (
          <Text size="sm" c="red.8">
            {record.error.message}
          </Text>
        ) : null}
        <Group>
          <Button type="submit" size="xs" loading={record.isPending} disabled={cents == null}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
