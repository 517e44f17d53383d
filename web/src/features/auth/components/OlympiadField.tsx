import { Anchor, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useT } from '../../../lib/i18n/index.js';
import { useId } from 'react';
import { useProjects } from '../../../lib/public-api/index.js';
import { olympiadSuggestions } from './olympiad-suggestions.js';

interface OlympiadFieldProps extends Omit<TextInputProps, 'label' | 'list'> {
  /** A suggestion was chosen: the field takes this olympiad's short name. */
  onPick?: (varName: string) => void;
}

/**
 * The olympiad a learner signs in to: free text (its short name, e.g. geo-2026), with the browser's own
 * suggestions from the public list of olympiads (a datalist: one labelled field, works on every phone), and
 * "Did you mean …?" for the open olympiads close to a name that matches none (a typo such as "geo-quik").
 */
export function OlympiadField({ onPick, ...props }: OlympiadFieldProps) {
  const t = useT();
  const projects = useProjects();
  const listId = useId();
  const olympiads = (projects.data ?? []).flatMap((project) => project.olympiads);
  const typed = typeof props.value === 'string' ? props.value : '';
  const close = onPick ? olympiadSuggestions(typed, olympiads) : [];
  return (
    <Stack gap={6}>
      <TextInput
        label={t('sitting.signin.olympiad')}
        description={t('sitting.signin.olympiadHint')}
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
      <div aria-live="polite">
        {close.length ? (
          <Group gap={6} wrap="wrap">
            <Text size="sm">{t('sitting.signin.didYouMean')}</Text>
            {close.map((olympiad, i) => (
              <Text size="sm" key={olympiad.id} component="span">
                <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onPick?.(olympiad.varName)}>
                  {olympiad.varName}
                </Anchor>
                {` – ${olympiad.title}${i < close.length - 1 ? ',' : '?'}`}
              </Text>
            ))}
          </Group>
        ) : null}
      </div>
    </Stack>
  );
}
