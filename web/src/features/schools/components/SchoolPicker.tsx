import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSchools } from '../api/list-schools.js';

interface SchoolPickerProps {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Search within an olympiad's schools (staff) or every school (overlord). */
  olympiadId?: number | undefined;
  exclude?: number;
  description?: string;
}

/** Choose a school by typing part of its name, EMIS number or town (searched on the server). */
export function SchoolPicker({ label, value, onChange, olympiadId, exclude, description }: SchoolPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const schools = useSchools({
    page: 1,
    pageSize: 20,
    search: debounced || undefined,
    sort: 'name',
    order: 'asc',
    olympiadId,
  });
  const data = (schools.data?.items ?? [])
    .filter((s) => s.id !== exclude)
    .map((s) => ({
      value: String(s.id),
      label: `${s.name} — ${s.town ?? 'no town'}${s.emisNumber ? `, EMIS ${s.emisNumber}` : ''}`,
    }));
  return (
    <Select
      label={label}
      description={description}
      placeholder="Type to search"
      searchable
      clearable
      data={data}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value == null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={schools.isFetching ? 'Searching…' : 'No school matches'}
    />
  );
}
