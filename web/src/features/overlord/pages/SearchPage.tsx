import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type SearchKind, searchKinds } from '#contract/logs';
import { ActAsUserForm } from '../../../components/ActAsUserForm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { useOlympiadChoices } from '../api/list-olympiad-choices.js';
import { useSearch } from '../api/search.js';

const PAGE_SIZE = 20;
const kindLabels: Record<SearchKind, string> = {
  learner: 'Learner',
  school: 'School',
  teacher: 'Teacher',
  olympiad: 'Olympiad',
  eoi: 'Expression of interest',
  email: 'Mail',
};
const kindColors: Record<SearchKind, string> = {
  learner: 'blue',
  school: 'teal',
  teacher: 'grape',
  olympiad: 'orange',
  eoi: 'cyan',
  email: 'gray',
};

/** /overlord/search: one box over learners, schools, teachers, olympiads, expressions of interest and mail. */
export function SearchPage() {
  const olympiads = useOlympiadChoices();
  const [urlParams, setUrlParams] = useSearchParams();
  const [term, setTerm] = useState(() => urlParams.get('q') ?? '');
  const [kind, setKind] = useState<'all' | SearchKind>('all');
  const [page, setPage] = useState(1);
  const [q] = useDebouncedValue(term.trim(), 300);
  const results = useSearch({ q, page, pageSize: PAGE_SIZE, ...(kind === 'all' ? {} : { kind }) });
  const total = results.data?.total ?? 0;
  const change = (value: string) => {
    setTerm(value);
    setPage(1);
    setUrlParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Search"
        description="Find learners, schools, teachers, olympiads, expressions of interest and mail."
      />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        mb="xl"
        component="section"
        aria-labelledby="search-all"
      >
        <Title order={2} size="h3" id="search-all" mb="sm">
          Search everything
        </Title>
        <TextInput
          label="Username, EMIS number, name, school name, email, olympiad…"
          type="search"
          value={term}
          onChange={(e) => change(e.currentTarget.value)}
          mb="sm"
          autoFocus
        />
        <SegmentedControl
          aria-label="What to find"
          value={kind}
          onChange={(v) => {
            setKind(v as 'all' | SearchKind);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'Everything' },
            ...searchKinds.map((k) => ({ value: k, label: kindLabels[k] })),
          ]}
          mb="md"
          style={{ flexWrap: 'wrap' }}
        />
        <Text size="sm" c="dimmed" aria-live="polite" mb="xs">
          {q.length < 3
            ? 'Type at least 3 characters.'
            : results.isFetching
              ? 'Searching…'
              : results.error
                ? results.error.message
                : `${total} found${total >= 200 ? ' (the best of each kind: type more to narrow it)' : ''}`}
        </Text>
        {q.length >= 3 && results.data ? (
          <Stack gap="xs" component="ol" p={0} m={0} aria-label="Search results">
            {results.data.items.map((hit) => (
              <Paper key={`${hit.kind}-${hit.id}`} withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
                <Group gap="xs" wrap="wrap">
                  <Badge color={kindColors[hit.kind]} variant="light">
                    {kindLabels[hit.kind]}
                  </Badge>
                  <Anchor component={Link} to={hit.href} fw={600} style={{ wordBreak: 'break-word' }}>
                    {hit.title}
                  </Anchor>
                </Group>
                {hit.detail ? (
                  <Text size="sm" c="dimmed" mt={2} style={{ wordBreak: 'break-word' }}>
                    {hit.detail}
                  </Text>
                ) : null}
              </Paper>
            ))}
          </Stack>
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
      </Paper>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        mb="xl"
        maw={720}
        component="section"
        aria-labelledby="act-as"
      >
        <Title order={2} size="h3" id="act-as" mb={4}>
          Act as a user
        </Title>
        <Text c="dimmed" mb="md">
          See Olympus as a user sees it. A banner lets you return to your own account at any time; the switch is logged.
        </Text>
        <ActAsUserForm olympiads={olympiads.data} />
      </Paper>
    </>
  );
}
