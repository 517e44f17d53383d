import { Alert, Badge, Code, Loader, Modal, ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import type { EmailStatus } from '#contract/mail';
import { useQueuedEmail } from '../api/queue/get-queued-email.js';
import { formatDate } from '../../../lib/dates.js';
import { count } from '#contract/numbers';

const colors: Record<EmailStatus, string> = {
  held: 'gray',
  released: 'blue',
  sending: 'indigo',
  sent: 'green',
  outbox: 'teal',
  failed: 'red',
  suppressed: 'orange',
};
const labels: Record<EmailStatus, string> = {
  held: 'Held',
  released: 'Released',
  sending: 'Sending',
  sent: 'Sent',
  outbox: 'In the outbox',
  failed: 'Failed',
  suppressed: 'Not sent (unsubscribed)',
};

export function StatusBadge({ status }: { status: EmailStatus }) {
  return (
    <Badge color={colors[status]} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {labels[status]}
    </Badge>
  );
}

export const when = (iso: string | null) => formatDate(iso);

/** The HTML of a message, shown in a sandboxed frame (no scripts, no same origin). */
export function MailHtml({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank"><body style="font-family:system-ui,sans-serif;margin:12px">${html}</body>`}
      style={{ width: '100%', minHeight: 320, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}
    />
  );
}

/** One message opened to read it: the HTML and text parts and every delivery attempt. */
export function MessageModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const email = useQueuedEmail(id);
  const e = email.data;
  return (
    <Modal opened={id != null} onClose={onClose} title={e ? e.subject : 'Message'} size="xl">
      {email.isLoading ? <Loader aria-label="Loading the message" /> : null}
      {email.error ? <Alert color="red">{email.error.message}</Alert> : null}
      {e ? (
        <Stack gap="sm">
          <Text size="sm">
            To <b>{e.to}</b> · {e.kind} · <StatusBadge status={e.status} /> · {count(e.attempts, 'attempt')}
          </Text>
          {e.lastError ? (
            <Alert color="red" title="Last error">
              {e.lastError}
            </Alert>
          ) : null}
          <Tabs defaultValue={e.html ? 'html' : 'text'}>
            <Tabs.List>
              {e.html ? <Tabs.Tab value="html">Formatted</Tabs.Tab> : null}
              <Tabs.Tab value="text">Plain text</Tabs.Tab>
              <Tabs.Tab value="log">Delivery log</Tabs.Tab>
            </Tabs.List>
            {e.html ? (
              <Tabs.Panel value="html" pt="sm">
                <MailHtml html={e.html} title={`Message to ${e.to}`} />
              </Tabs.Panel>
            ) : null}
            <Tabs.Panel value="text" pt="sm">
              <ScrollArea.Autosize mah={400}>
                <Code block style={{ whiteSpace: 'pre-wrap' }}>
                  {e.text}
                </Code>
              </ScrollArea.Autosize>
            </Tabs.Panel>
            <Tabs.Panel value="log" pt="sm">
              <Table aria-label="Delivery attempts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Outcome</Table.Th>
                    <Table.Th>Server answer</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {e.log.map((a, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{when(a.at)}</Table.Td>
                      <Table.Td>{a.outcome}</Table.Td>
                      <Table.Td>{a.response ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                  {e.log.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={3}>Not attempted yet.</Table.Td>
                    </Table.Tr>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      ) : null}
    </Modal>
  );
}
