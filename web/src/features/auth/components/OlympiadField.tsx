import { TextInput, type TextInputProps } from '@mantine/core';
import { useId } from 'react';
import { useProjects } from '../../../lib/public-api/index.js';

type OlympiadFieldProps = Omit<TextInputProps, 'label' | 'list'>;

/**
 * The olympiad a learner signs in to: free text (its short name, e.g. geo-2026), with the browser's own
 * suggestions from the public list of olympiads (a datalist: one labelled field, works on every phone).
 */
export function OlympiadField(props: OlympiadFieldProps) {
  const projects = useProjects();
  const listId = useId();
  const olympiads = (projects.data ?? []).flatMap((project) => project.olympiads);
  return (
    <>
      <TextInput
        label="Olympiad"
        description="The olympiad you are writing, as your teacher gave it, e.g. geo-2026"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        list={listId}
        {...props}
      />
      <datalist id={listId}>
        {olympiads.map((olympiad) => (
          <option key={olympiad.id} value={olympiad.varName}>
            {olympiad.title}
          </option>
        ))}
      </datalist>
    </>
  );
}
