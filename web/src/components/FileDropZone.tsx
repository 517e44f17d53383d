import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useId, useRef, useState, type DragEvent } from 'react';
import classes from './FileDropZone.module.css';
import { fileSize } from '#contract/numbers';
import { useT } from '../lib/i18n/index.js';

interface FileDropZoneProps {
  label: string;
  /** What a person reads about the files taken, e.g. "Excel (.xlsx) or CSV (.csv), up to 10 MB". */
  formats: string;
  /** The endings taken (".xlsx", ".csv"); a dropped file with another ending is refused here. */
  extensions: readonly string[];
  /** The `accept` of the file picker (endings and media types). */
  accept: string;
  value: File | null;
  onChange: (file: File | null) => void;
  description?: string;
  disabled?: boolean;
}

/**
 * A file field that looks like one: a drop zone that takes a dragged file, a "Choose file" button, the formats
 * it takes, and the chosen file with a way to remove it. The file input itself is visually hidden but present
 * (its label names it), so the picker, a screen reader and a test reach it.
 */
export function FileDropZone({
  label,
  formats,
  extensions,
  accept,
  value,
  onChange,
  description,
  disabled = false,
}: FileDropZoneProps) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const take = (file: File | null) => {
    if (file && !extensions.some((e) => file.name.toLowerCase().endsWith(e))) {
      setRefused(t('portal.file.refused', { name: file.name, formats }));
      return;
    }
    setRefused(null);
    onChange(file);
  };
  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setActive(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setActive(false);
    if (!disabled) take(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Input.Wrapper label={label} description={description} error={refused} id={id} maw={560}>
      <div
        className={classes.zone}
        role="group"
        aria-label={t('portal.file.zone', { label })}
        data-active={active || undefined}
        data-error={refused ? true : undefined}
        data-disabled={disabled || undefined}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={() => setActive(false)}
        onDrop={drop}
        style={{ marginTop: 4 }}
      >
        <input
          ref={input}
          id={id}
          type="file"
          className={classes.input}
          accept={accept}
          disabled={disabled}
          tabIndex={-1}
          aria-invalid={refused ? true : undefined}
          onChange={(event) => {
            take(event.currentTarget.files?.[0] ?? null);
            // The same file chosen again (after a fix) is a change too.
            event.currentTarget.value = '';
          }}
        />
        {value ? (
          <Stack gap={6} align="center">
            <Text fw={600}>{value.name}</Text>
            <Text size="sm" c="dimmed">
              {fileSize(value.size)}
            </Text>
            <Group gap="xs" justify="center">
              <Button size="xs" variant="light" disabled={disabled} onClick={() => input.current?.click()}>
                {t('portal.file.another')}
              </Button>
              <Button size="xs" variant="subtle" color="red" disabled={disabled} onClick={() => take(null)}>
                {t('portal.file.remove')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap={6} align="center">
            <Text fw={600}>{active ? t('portal.file.drop') : t('portal.file.drag')}</Text>
            <Button disabled={disabled} onClick={() => input.current?.click()}>
              {t('portal.file.choose')}
            </Button>
            <Text size="sm" c="dimmed">
              {formats}
            </Text>
          </Stack>
        )}
      </div>
    </Input.Wrapper>
  );
}
