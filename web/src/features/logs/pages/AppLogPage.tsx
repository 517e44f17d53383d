import {
  Alert,
  Badge,
  Code,
  Grid,
  Group,
  NavLink,
  Pagination,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { AppLogEntry } from '#contract/logs';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDate } from '../../../lib/dates.js';
import { useAppLog, useAppLogKeys } from '../api/list-app-log.js';

const PAGE_SIZE = 25;
const levelColor = { warn: 'yellow', error: 'red', fatal: 'grape' } as const;

function Entry({ entry }: { entry: AppLogEntry }) {
  const details = Object.keys(entry.data).length ? JSON.stringify(entry.data, null, 2) : null;
  return (
    <Paper withBorder p="sm" radius="sm" component="li" style={{ listStyle: 'none' }}>
      <Group gap="xs" mb={4} wrap="wrap">
        <Badge color={levelColor[entry.level]} variant="light">
          {entry.level}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatDate(entry.at, 'dateTimeSeconds')}
        </Text>
        <Text size="sm" c="dimmed">
          {entry.key}
        </Text>
      </Group>
      <Text fw={500} style={{ wordBreak: 'break-word' }}>
        {entry.message || '(no message)'}
      </Text>
      <Text size="sm" c="dimmed">
        Request id: {entry.reqId ?? '—'}
      </Text>
      {details ? (
        <details>
          <summary>
            <Text span size="sm">
              Details
            </Text>
          </summary>
          <Code block mt={4} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {details}
          </Code>
        </details>
      ) : null}
    </Paper>
  );
}

/** /overlord/app-log-viewer: the server's warnings and errors, grouped by where they come from. */
export function AppLogPage() {
  const keys = useAppLogKeys();
  const [key, setKey] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [reqId, setReqId] = useState('');
  const [page, setPage] = useState(1);
  const [words] = useDebouncedValue(search.trim(), 300);
  const [request] = useDebouncedValue(reqId.trim(), 300);
  const entries = useAppLog({
    page,
    pageSize: PAGE_SIZE,
    ...(key ? { key } : {}),
    ...(level ? { level: level as AppLogEntry['level'] } : {}),
    ...(words ? { search: words } : {}),
    ...(request ? { reqId: request } : {}),
  });
  const choose = (k: string | null) => {
    setKey(k);
    setPage(1);
  };
  const total = entries.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="App log viewer"
        description="The server’s warnings and errors, grouped by where they come from, each with its request id."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="xs" component="nav" aria-labelledby="app-log-keys">
            <Title order={2} size="h5" id="app-log-keys" px="xs" mb="xs">
              Where from
            </Title>
            <NavLink component="button" label="Everything" active={key == null} onClick={() => choose(null)} />
            {keys.data?.items.map((k) => (
              <NavLink
                key={k.key}
                component="button"
                active={key === k.key}
                onClick={() => choose(k.key)}
                label={
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {k.key}
                  </Text>
                }
                description={`${k.count} entries, ${k.errors} errors · latest ${formatDate(k.lastAt)}`}
              />
            ))}
            {keys.data && keys.data.items.length === 0 ? (
              <Text c="dimmed" size="sm" p="xs">
                No warnings or errors kept.
              </Text>
            ) : null}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Group mb="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Select
              label="Level"
              placeholder="Any level"
              data={['warn', 'error', 'fatal']}
              value={level}
              onChange={(v) => {
                setLevel(v);
                setPage(1);
              }}
              clearable
            />
            <TextInput
              label="Words in the message"
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
            <TextInput
              label="Request id"
              value={reqId}
              onChange={(e) => {
                setReqId(e.currentTarget.value);
                setPage(1);
              }}
            />
          </Group>
          {entries.error ? (
            <Alert color="red" title="Could not load the log">
              {entries.error.message}
            </Alert>
          ) : null}
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {entries.isFetching ? 'Loading…' : `${total} entries${key ? ` from ${key}` : ''}`}
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0} aria-label="Log entries">
            {entries.data?.items.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </Stack>
          {entries.data && entries.data.items.length === 0 ? (
            <Text c="dimmed" py="md">
              Nothing logged with these filters.
            </Text>
          ) : null}
          {total > PAGE_SIZE ? (
            <Pagination
              mt="md"
              total={Math.ceil(total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              getControlProps={(c) => ({ 'aria-label': `${c} page` })}
            />
          ) : null}
        </Grid.Col>
      </Grid>
    </>
  );
}
