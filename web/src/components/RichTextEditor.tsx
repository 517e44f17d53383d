import { Box, Button, Group, Input, Paper } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';

interface RichTextEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  minHeight?: number;
  /** A Link button (mailings and system messages); questions and FAQs have none. */
  links?: boolean;
}

type Command =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'superscript'
  | 'subscript'
  | 'insertUnorderedList'
  | 'insertOrderedList'
  | 'createLink'
  | 'removeFormat';

const tools: ReadonlyArray<{ command: Command; label: string; text: string }> = [
  { command: 'bold', label: 'Bold', text: 'B' },
  { command: 'italic', label: 'Italic', text: 'I' },
  { command: 'underline', label: 'Underline', text: 'U' },
  { command: 'superscript', label: 'Superscript', text: 'x²' },
  { command: 'subscript', label: 'Subscript', text: 'x₂' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '• List' },
  { command: 'insertOrderedList', label: 'Numbered list', text: '1. List' },
  { command: 'createLink', label: 'Link', text: 'Link' },
  { command: 'removeFormat', label: 'Clear formatting', text: 'Clear' },
];

/**
 * The one rich-text editor (bold, italic, lists, super/subscript, and links where `links` is set). What it
 * produces is HTML that the server sanitises before storing or sending; what readers see is that
 * sanitised HTML.
 */
export function RichTextEditor({
  label,
  description,
  value,
  onChange,
  error,
  minHeight = 120,
  links = false,
}: RichTextEditorProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Keep the DOM in step when the value changes from outside (not while typing, which would move the caret).
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== value && document.activeElement !== el) el.innerHTML = value;
  }, [value]);
  const run = (command: Command) => {
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
      <Paper withBorder radius="sm" mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Group
          gap={4}
          p={4}
          role="toolbar"
          aria-label={`${label} formatting`}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          {tools
            .filter((tool) => links || tool.command !== 'createLink')
            .map((tool) => (
              <Button
                key={tool.command}
                size="compact-xs"
                variant="subtle"
                aria-label={tool.label}
                title={tool.label}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(tool.command)}
              >
                {tool.text}
              </Button>
            ))}
        </Group>
        <Box
          ref={ref}
          id={id}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          tabIndex={0}
          p="sm"
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
          style={{ minHeight, outline: 'none', lineHeight: 1.55, overflowWrap: 'anywhere' }}
        />
      </Paper>
    </Input.Wrapper>
  );
}
