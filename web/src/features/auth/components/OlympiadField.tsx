import { Autocomplete, Stack, Text, type AutocompleteProps, type ComboboxItem } from '@mantine/core';
import { useMemo } from 'react';
import { useProjects } from '../../../lib/public-api/index.js';

type OlympiadFieldProps = Omit<AutocompleteProps, 'data' | 'label'>;

/**
 * The olympiad a learner signs in to: free text (its short name, e.g. geo-2026), with suggestions from
 * the public list of olympiads, found by short name or title.
 */
export function OlympiadField(props: OlympiadFieldProps) {
  const projects = useProjects();
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    for (const project of projects.data ?? []) {
      for (const olympiad of project.olympiads) map.set(olympiad.varName, olympiad.title);
    }
    return map;
  }, [projects.data]);

  const filter: AutocompleteProps['filter'] = ({ options, search }) => {
    const needle = search.trim().toLowerCase();
    return (options as ComboboxItem[]).filter(
      (option) => !needle || option.value.includes(needle) || (titles.get(option.value) ?? '').toLowerCase().includes(needle),
    );
  };

  return (
    <Autocomplete
      label="Olympiad"
      description="The olympiad you are writing, as your teacher gave it, e.g. geo-2026"
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      data={[...titles.keys()]}
      filter={filter}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {titles.get(option.value) ?? option.value}
          </Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Stack>
      )}
      {...props}
    />
  );
}
