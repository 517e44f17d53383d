import {
  Alert,
  Group,
  Loader,
  Pagination,
  ScrollArea,
  Table,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
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
}

/** The state of a paged list: page, pageSize, search (debounced), sort, order. */
export function useListParams(initialSort: string, pageSize = 25) {
  const [page, setPage] = useState(1);
  // A link may open a list already searched (`?search=`: the overlord's search links every hit this way).
  const [urlParams] = useSearchParams();
  const [searchInput, setSearchInput] = useState(() => urlParams.get('search') ?? '');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const [sort, setSort] = useState(initialSort);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
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
  const pages = Math.max(1, Math.ceil(total / list.params.pageSize));
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
          {loading ? <Loader size="xs" aria-label="Loading" /> : `${total} in all`}
        </Text>
      </Group>
      {error ? (
        <Alert color="red" mb="md" title="Could not load the list">
          {error.message}
        </Alert>
      ) : null}
      <ScrollArea type="auto">
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
                        <VisuallyHidden>, sort</VisuallyHidden>
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
      {pages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination
            total={pages}
            value={list.page}
            onChange={list.setPage}
            getControlProps={(c) => ({ 'aria-label': `${c} page` })}
          />
        </Group>
      ) : null}
    </>
  );
}
