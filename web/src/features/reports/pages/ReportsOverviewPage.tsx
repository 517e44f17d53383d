import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { LiveSittingCounts } from '../../../components/live-counts/LiveSittingCounts.js';
import { NotAvailableYetNotice } from '../../../components/NotAvailableYet.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useCurrentGrant, useSessionUser } from '../../../lib/session/index.js';

/** /{olympiadName}/admin/reports/overview: the admin's landing page. */
export function ReportsOverviewPage() {
  const user = useSessionUser();
  const grant = useCurrentGrant();
  const { olympiadName } = useParams();
  return (
    <>
      <PageHeader
        eyebrow={grant?.olympiadTitle ?? olympiadName}
        title={`Welcome, ${user?.name ?? 'admin'}`}
        description="The olympiad at a glance."
      />
      <Stack gap="lg">
        <LiveSittingCounts
          olympiadId={grant?.olympiadId}
          description="All learners of this olympiad, refreshed every 10 seconds."
        />
        <NotAvailableYetNotice summary="Schools entered, learners loaded, sittings started and finished, and payments received will be charted here." />
      </Stack>
    </>
  );
}
