import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../test/clock.js';
import { renderWithApp } from '../test/render.js';
import { type Column, type ListParams, PagedTable, useListParams } from './PagedTable.js';

/**
 * The server-paged, searchable, sortable list of every staff page. The page under it asks the server for
 * `list.params` and hands back one page; here a tiny "server" in the test answers from 60 schools, so what is
 * asserted is what the person sees and which page, search and sort the list asks for.
 */

interface School {
  id: number;
  name: string;
  town: string;
}
const schools: School[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `School ${String(i + 1).padStart(2, '0')}`,
  town: i % 2 ? 'Durban' : 'Polokwane',
}));

function answer(params: ListParams) {
  const hits = schools.filter((s) => !params.search || `${s.name} ${s.town}`.includes(params.search));
  const sorted = [...hits].sort((a, b) => {
    const key = params.sort as keyof School;
    return (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (params.order === 'desc' ? -1 : 1);
  });
  const start = (params.page - 1) * params.pageSize;
  return { items: sorted.slice(start, start + params.pageSize), total: hits.length };
}

const columns: Column<School>[] = [
  { key: 'name', label: 'Name', sortable: true, render: (s) => s.name },
  { key: 'town', label: 'Town', sortable: true, render: (s) => s.town },
  { key: 'actions', label: 'Actions', render: (s) => <button type="button">Edit {s.name}</button> },
];

function List({
  asked,
  error = null,
  empty = false,
}: {
  asked: (params: ListParams) => void;
  error?: Error | null;
  empty?: boolean;
}) {
  const list = useListParams('name', 25);
  asked(list.params);
  const page = empty ? { items: [], total: 0 } : answer(list.params);
  return (
    <PagedTable
      label="Schools"
      columns={columns}
      rows={page.items}
      total={page.total}
      rowKey={(s) => s.id}
      list={list}
      loading={false}
      error={error}
      searchPlaceholder="Search schools"
      empty="No schools match."
    />
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Schools' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('PagedTable', () => {
  it('shows the first page, the total, and pages to go to', async () => {
    const asked = vi.fn();
    const { user } = renderWithApp(<List asked={asked} />);
    expect(names()).toHaveLength(25);
    expect(names()[0]).toBe('School 01');
    expect(screen.getByText('60 in all')).toBeTruthy();
    expect(asked).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, search: undefined, sort: 'name', order: 'asc' });

    await user.click(screen.getByRole('button', { name: '3' }));
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3 }));
    expect(names()).toEqual([
      'School 51',
      'School 52',
      'School 53',
      'School 54',
      'School 55',
      'School 56',
      'School 57',
      'School 58',
      'School 59',
      'School 60',
    ]);
    expect(screen.getByRole('button', { name: '3' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'previous page' }));
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect(names()[0]).toBe('School 26');
  });

  it('a column heading sorts: ascending, then descending, told to a screen reader; back to page 1', async () => {
    const asked = vi.fn();
    const { user } = renderWithApp(<List asked={asked} />);
    const nameHeading = screen.getByRole('columnheader', { name: /Name/ });
    const townHeading = screen.getByRole('columnheader', { name: /Town/ });
    expect(nameHeading.getAttribute('aria-sort')).toBe('ascending');
    expect(townHeading.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Actions' }).getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(within(nameHeading).getByRole('button', { name: /^Name\s*, sort$/ }));
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: 'name', order: 'desc' }));
    expect(nameHeading.getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('School 60');

    await user.click(within(townHeading).getByRole('button'));
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'town', order: 'asc' }));
    expect(townHeading.getAttribute('aria-sort')).toBe('ascending');
    expect(nameHeading.getAttribute('aria-sort')).toBe('none');
  });

  it('search waits for a pause in typing, asks with the words trimmed, and starts again at page 1', async () => {
    const asked = vi.fn();
    const { user } = renderWithApp(<List asked={asked} />);
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    // Typed key by key, 100 ms apart (fireEvent: user-event cannot run under faked timers, test/clock.ts).
    fakeClock();
    const box = screen.getByRole('searchbox', { name: 'Search schools' });
    for (const typed of [' S', ' Sch', ' School', ' School 4']) {
      fireEvent.change(box, { target: { value: typed } });
      act(() => {
        vi.advanceTimersByTime(100);
      });
    }
    // Typed, but not asked yet: one request per pause, not per key.
    expect(asked).not.toHaveBeenCalledWith(expect.objectContaining({ search: expect.any(String) }));
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, search: undefined }));
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, search: 'School 4' }));
    const searches = asked.mock.calls.map(([params]) => (params as ListParams).search).filter(Boolean);
    expect(new Set(searches)).toEqual(new Set(['School 4']));
    expect(names()).toEqual(Array.from({ length: 10 }, (_, i) => `School ${40 + i}`));
    expect(screen.getByText('10 in all')).toBeTruthy();
    // A single page: no pages to go to.
    expect(screen.queryByRole('button', { name: '2' })).toBeNull();
  });

  it('a link may open the list already searched (?search=)', () => {
    const asked = vi.fn();
    renderWithApp(<List asked={asked} />, { path: '/schools?search=School%2059' });
    expect((screen.getByRole('searchbox', { name: 'Search schools' }) as HTMLInputElement).value).toBe('School 59');
  });

  it('says when nothing matches, and when the list could not be loaded', () => {
    const { unmount } = renderWithApp(<List asked={vi.fn()} empty />);
    expect(screen.getByRole('cell', { name: 'No schools match.' })).toBeTruthy();
    expect(screen.getByText('0 in all')).toBeTruthy();
    unmount();
    renderWithApp(<List asked={vi.fn()} error={new Error('The server is busy.')} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the list');
    expect(alert.textContent).toContain('The server is busy.');
  });

  it('scrolls sideways in a named region a keyboard reaches, round its table', () => {
    renderWithApp(<List asked={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Schools' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Schools' })).toBeTruthy();
  });

  it('a total in the thousands is written as South Africans read it ("12 345")', () => {
    function Big() {
      const list = useListParams('name');
      return (
        <PagedTable
          label="Schools"
          columns={columns}
          rows={[]}
          total={12345}
          rowKey={(s: School) => s.id}
          list={list}
          loading={false}
          error={null}
          searchPlaceholder="Search schools"
          empty="No schools match."
        />
      );
    }
    renderWithApp(<Big />);
    expect(screen.getByText(/in all/).textContent).toBe('12\u00a0345 in all');
  });
});
