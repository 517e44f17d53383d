import { Stack } from '@mantine/core';
import { NotAvailableYetPage } from '../../../components/NotAvailableYet.js';

/** The platform's own pages whose text the platform team has not published yet. */
export function InfoPage() {
  return (
    <Stack py="md">
      <NotAvailableYetPage />
    </Stack>
  );
}
