import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDate, fromDateTimeInput, siteTimeZoneLabel, toDateTimeInput } from '../../../lib/dates.js';

const hasPassed = (iso: string | null) => iso != null && new Date(iso).getTime() <= Date.now();

interface ScheduleInputProps {
  label: string;
  description: string;
  /** An ISO instant, or null for none. */
  value: string | null;
  onChange: (iso: string | null) => void;
  error?: string | undefined;
}

/**
 * A date and time entered on South African time (Africa/Johannesburg), whatever the browser's zone, and
 * read back below the field in words with "SAST", so nobody has to guess which clock it is.
 */
export function ScheduleInput({ label, description, value, onChange, error }: ScheduleInputProps) {
  const [text, setText] = useState(() => toDateTimeInput(value));
  const [past, setPast] = useState(() => hasPassed(value));
  const iso = fromDateTimeInput(text);
  return (
    <div>
      <TextInput
        type="datetime-local"
        label={`${label} (SAST)`}
        description={`${description} On ${siteTimeZoneLabel}, whatever your device’s clock says.`}
        value={text}
        onChange={(e) => {
          const next = e.currentTarget.value;
          const nextIso = fromDateTimeInput(next);
          setText(next);
          setPast(hasPassed(nextIso));
          onChange(nextIso);
        }}
        error={error ?? (past ? 'This time has passed: choose a later one' : undefined)}
        maw={520}
      />
      {iso && !past && !error ? (
        <Text size="sm" mt={4} aria-live="polite">
          Released on <b>{formatDate(iso)}</b>
        </Text>
      ) : null}
    </div>
  );
}
