import {
  ActionIcon,
  Alert,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Loader,
  Pagination,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { figure } from '#contract/numbers';
import classes from './PagedTable.module.css';
import { scrollRegion } from './scroll-region.js';
import { useT } from '../lib/i18n/index.js';

/** The query of every paged list (every list is paged on the server): page, pageSize, search, sort, order. */
export interface ListParams {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface Column<T> {
  key: string;
  label: string;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  /**
   * On a phone every row is a card: its heading is the first column (or the one marked `title`), a column keyed
   * `actions` its last line, the others label and value in between. `lead` puts a column before the heading (a
   * checkbox to choose the row); `hidden` leaves it out of the card (the table keeps it).
   */
  phone?: 'hidden' | 'title' | 'lead';
}

/** Below this width a list shows its rows as cards, so that nothing needs a sideways scroll. */
export const phoneQuery = '(max-width: 40em)';

/** The state of a paged list: page, pageSize, search (debounced), sort, order (`initialOrder`: newest first, say). */
export function useListParams(initialSort: string, pageSize = 25, initialOrder: 'asc' | 'desc' = 'asc') {
  const [page, setPage] = useState(1);
  // A link may open a list already searched (`?search=`: the overlord's search links every hit this way).
  const [urlParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState(() => urlParams.get('search') ?? '');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const [sort, setSort] = useState(initialSort);
  const [order, setOrder] = useState<'asc' | 'desc'>(initialOrder);
  const params: ListParams = { page, pageSize, search: search || undefined, sort, order };
  const toggleSort = (key: string) => {
    if (key === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(key);
      setOrder('asc');
    }
    setPage(1);
  };
  const changeSearch = (value: string) => {
    setSearchInput(value);
    setPage(1);
  };
  return { params, page, setPage, searchInput, setSearchInput: changeSearch, sort, order, toggleSort };
}

interface PagedTableProps<T> {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  total: number;
  rowKey: (row: T) => string | number;
  list: ReturnType<typeof useListParams>;
  loading: boolean;
  error: Error | null;
  searchPlaceholder: string;
  empty: string;
  /** The table's least width before it scrolls sideways (0 on a phone with few columns). */
  minWidth?: number;
}

/** PagedTable's rows, total, loading and error from a list's query (a page: `items` and `total`). */
export function pageOf<T>(query: {
  data?: { items: T[]; total: number } | undefined;
  isFetching: boolean;
  error: Error | null;
}) {
  return { rows: query.data?.items, total: query.data?.total ?? 0, loading: query.isFetching, error: query.error };
}

/** A server-paged, searchable, sortable table (every list pages on the server). */
export function PagedTable<T>({
  label,
  columns,
  rows,
  total,
  rowKey,
  list,
  loading,
  error,
  searchPlaceholder,
  empty,
  minWidth = 640,
}: PagedTableProps<T>) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / list.params.pageSize));
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  return (
    <>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <TextInput
          aria-label={searchPlaceholder}
          placeholder={searchPlaceholder}
          value={list.searchInput}
          onChange={(e) => list.setSearchInput(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          type="search"
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {loading ? (
            <Loader size="xs" aria-label={t('portal.table.loading')} />
          ) : (
            t('portal.table.total', { total: figure(total) })
          )}
        </Text>
      </Group>
      {error ? (
        <Alert color="red" mb="md" title={t('portal.table.failed')}>
          {error.message}
        </Alert>
      ) : null}
      {phone ? (
        <Cards label={label} columns={columns} rows={rows} rowKey={rowKey} list={list} empty={empty} />
      ) : (
        <ScrollArea type="auto" {...scrollRegion(label)}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} miw={minWidth}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => {
                  const active = list.sort === column.key;
                  const ariaSort = active ? (list.order === 'asc' ? 'ascending' : 'descending') : undefined;
                  return (
                    <Table.Th key={column.key} aria-sort={column.sortable ? (ariaSort ?? 'none') : undefined}>
                      {column.sortable ? (
                        <UnstyledButton onClick={() => list.toggleSort(column.key)} fw={600} fz="sm">
                          {column.label}
                          <span aria-hidden="true">{active ? (list.order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                          <VisuallyHidden>{t('portal.table.sort')}</VisuallyHidden>
                        </UnstyledButton>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows ?? []).map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {rows && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" py="md" ta="center">
                      {empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {pages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={list.page}
            onChange={list.setPage}
            getControlProps={(c) => ({ 'aria-label': t(`portal.table.page.${c}`) })}
          />
        </Group>
      ) : null}
    </>
  );
}

/** The rows as cards, one under the other, with a sort choice in place of the column headings. */
function Cards<T>({
  label,
  columns,
  rows,
  rowKey,
  list,
  empty,
}: Pick<PagedTableProps<T>, 'label' | 'columns' | 'rows' | 'rowKey' | 'list' | 'empty'>) {
  const shown = columns.filter((column) => column.phone !== 'hidden');
  const leads = shown.filter((column) => column.phone === 'lead');
  const heading =
    shown.find((column) => column.phone === 'title') ??
    shown.find((column) => column.phone !== 'lead' && column.key !== 'actions');
  const rest = shown.filter((column) => column !== heading && !leads.includes(column));
  const actions = rest.find((column) => column.key === 'actions');
  const details = rest.filter((column) => column !== actions);
  const t = useT();
  const sortable = columns.filter((column) => column.sortable);
  const sortBy = (key: string) => {
    if (key !== list.sort) list.toggleSort(key);
  };
  return (
    <Stack gap="xs">
      {sortable.length ? (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <NativeSelect
            label={t('portal.table.sortBy')}
            size="sm"
            style={{ flex: 1 }}
            value={list.sort}
            onChange={(e) => sortBy(e.currentTarget.value)}
            data={sortable.map((column) => ({ value: column.key, label: column.label }))}
          />
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => list.toggleSort(list.sort)}
            aria-label={list.order === 'asc' ? t('portal.table.sortedAsc') : t('portal.table.sortedDesc')}
          >
            <span aria-hidden="true">{list.order === 'asc' ? '▲' : '▼'}</span>
          </ActionIcon>
        </Group>
      ) : null}
      <Stack gap="xs" component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(rows ?? []).map((row) => (
          <Paper component="li" key={rowKey(row)} withBorder p="sm" radius="md" style={{ minWidth: 0 }}>
            <Stack gap={6}>
              {heading || leads.length ? (
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {leads.map((column) => (
                    <div key={column.key}>{column.render(row)}</div>
                  ))}
                  {heading ? (
                    <Text component="div" fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {heading.render(row)}
                    </Text>
                  ) : null}
                </Group>
              ) : null}
              {details.length ? (
                <dl
                  style={{
                    margin: 0,
                    display: 'grid',
                    gridTemplateColumns: 'minmax(5.5rem, auto) 1fr',
                    gap: '4px 12px',
                  }}
                >
                  {details.map((column) => (
                    <div key={column.key} style={{ display: 'contents' }}>
                      <Text component="dt" size="xs" c="dimmed" pt={2}>
                        {column.label}
                      </Text>
                      <Text component="dd" size="sm" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        {column.render(row)}
                      </Text>
                    </div>
                  ))}
                </dl>
              ) : null}
              {actions ? (
                <div className={classes.actions} style={{ minWidth: 0 }}>
                  {actions.render(row)}
                </div>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {rows && rows.length === 0 ? (
        <Text c="dimmed" py="md" ta="center">
          {empty}
        </Text>
      ) : null}
    </Stack>
  );
}
