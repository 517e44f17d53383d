import { Box, Button, Group, Input, Paper, VisuallyHidden } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';

interface RichTextEditorProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  minHeight?: number;
  /** A Link button (mailings, system messages, public copy); questions and FAQs have none. */
  links?: boolean;
  /** Heading buttons (public pages, whose copy has sections). */
  headings?: boolean;
  /** An Image button: uploads the chosen file and answers its address, which the editor inserts. */
  onImage?: (file: File) => Promise<string>;
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
  | 'heading2'
  | 'heading3'
  | 'paragraph'
  | 'removeFormat';

const tools: ReadonlyArray<{ command: Command; label: string; text: string }> = [
  { command: 'heading2', label: 'Heading', text: 'H2' },
  { command: 'heading3', label: 'Subheading', text: 'H3' },
  { command: 'paragraph', label: 'Paragraph', text: '¶' },
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
  headings = false,
  onImage,
}: RichTextEditorProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
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
    } else if (command === 'heading2') document.execCommand('formatBlock', false, 'h2');
    else if (command === 'heading3') document.execCommand('formatBlock', false, 'h3');
    else if (command === 'paragraph') document.execCommand('formatBlock', false, 'p');
    else document.execCommand(command);
    onChange(ref.current?.innerHTML ?? '');
  };
  const headingTools: Command[] = ['heading2', 'heading3', 'paragraph'];
  const insertImage = async (file: File) => {
    if (!onImage) return;
    setUploading(true);
    try {
      const url = await onImage(file);
      const alt = window.prompt('Describe the image for people who cannot see it') ?? '';
      const el = ref.current;
      if (!el) return;
      el.focus();
      const img = document.createElement('img');
      img.src = url;
      img.alt = alt;
      const selection = window.getSelection();
      if (selection && selection.rangeCount > 0 && el.contains(selection.anchorNode)) {
        selection.getRangeAt(0).insertNode(img);
      } else el.appendChild(img);
      onChange(el.innerHTML);
    } catch {
      // The upload's own notification says what went wrong.
    } finally {
      setUploading(false);
    }
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
            .filter((tool) => headings || !headingTools.includes(tool.command))
            .map((tool) => (
              <Button
                key={tool.command}
                size="compact-xs"
                variant="subtle"
                title={tool.label}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => run(tool.command)}
              >
                {/* The name is the word; the glyph is what sighted people see (its text is not a name). */}
                <span aria-hidden="true">{tool.text}</span>
                <VisuallyHidden>{tool.label}</VisuallyHidden>
              </Button>
            ))}
          {onImage ? (
            <>
              <Button
                size="compact-xs"
                variant="subtle"
                title="Image"
                loading={uploading}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => fileRef.current?.click()}
              >
                Image
              </Button>
              <input
                ref={fileRef}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                hidden
                aria-hidden="true"
                tabIndex={-1}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) void insertImage(file);
                }}
              />
            </>
          ) : null}
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
