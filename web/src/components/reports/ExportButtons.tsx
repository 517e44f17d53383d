import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../lib/api/index.js';

type Format = 'csv' | 'xlsx';

/** "Download csv" and "Download xlsx" of a report; a failure is alerted with the server's message. */
export function ExportButtons({ what, onExport }: { what: string; onExport: (format: Format) => Promise<void> }) {
  const [busy, setBusy] = useState<Format | null>(null);
  const run = async (format: Format) => {
    setBusy(format);
    try {
      await onExport(format);
    } catch (e) {
      showAlert((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((f) => (
        <Button
          key={f}
          variant="default"
          size="sm"
          loading={busy === f}
          onClick={() => void run(f)}
          aria-label={`Download ${f} of ${what}`}
        >
          Download {f}
        </Button>
      ))}
    </Group>
  );
}
