import { Box, Button, Group, Input, Paper } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

interface HtmlEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  minHeight?: number;
}

const tools = [
  { command: 'bold', label: 'Bold', text: 'B' },
  { command: 'italic', label: 'Italic', text: 'I' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '• List' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1. List' },
  { command: 'createLink', label: 'Link', text: 'Link' },
  { command: 'removeFormat', label: 'Clear formatting', text: 'Clear' },
] as const;

/**
 * The rich text of a mailing or a system message (bold, italic, lists, links). It produces HTML that the
 * server sanitises before it is stored or sent.
 */
export function HtmlEditor({ label, description, value, onChange, error, minHeight = 180 }: HtmlEditorProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== value && document.activeElement !== el) el.innerHTML = value;
  }, [value]);
  const run = (command: (typeof tools)[number]['command']) => {
    ref.current?.focus();
    if (command === 'createLink') {
      const url = window.prompt('Link address (https://…)');
      if (!url) return;
      document.execCommand('createLink', false, url);
    } else document.execCommand(command);
    onChange(ref.current?.innerHTML ?? '');
  };
  return (
    <Input.Wrapper label={label} description={description} error={error} id={id}>
      <Paper withBorder radius="sm" mt={4}>
        <Group
          gap={4}
          p={4}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          role="toolbar"
          aria-label={`${label} formatting`}
        >
          {tools.map((t) => (
            <Button
              key={t.command}
              size="compact-xs"
              variant="subtle"
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(t.command)}
              aria-label={t.label}
            >
              {t.text}
            </Button>
          ))}
        </Group>
        <Box
          ref={ref}
          id={id}
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          tabIndex={0}
          suppressContentEditableWarning
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
          p="sm"
          style={{ minHeight, outline: 'none', overflowWrap: 'anywhere' }}
        />
      </Paper>
    </Input.Wrapper>
  );
}
