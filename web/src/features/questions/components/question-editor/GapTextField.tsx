import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useRef } from 'react';
import type { EditorTarget, QuestionForm } from './form-values.js';
import { gapIdsOf, numberedIds } from './interaction-values.js';

/**
 * The text with its gaps (gap match, inline choice): plain text, each gap written `{{g1}}`. "Insert a gap" puts the
 * next gap where the cursor is; a gap match's gaps are its targets, kept in the order they appear in the text. An
 * inline choice has exactly one gap.
 */
export function GapTextField({ form, single }: { form: QuestionForm; single: boolean }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const v = form.values;
  const gaps = gapIdsOf(v.gapText);

  const write = (text: string) => {
    form.setFieldValue('gapText', text);
    if (v.type !== 'gap_match') return;
    // The gaps are the targets: new ones added, those taken out of the text gone, each keeping what it had.
    const targets: EditorTarget[] = gapIdsOf(text).map(
      (id) => v.targets.find((t) => t.id === id) ?? { id, text: '', imageUrl: null },
    );
    form.setFieldValue('targets', targets);
  };
  const insert = () => {
    const id = numberedIds('g', 50).find((g) => !gaps.includes(g))!;
    const token = `{{${id}}}`;
    const el = box.current;
    const at = el ? el.selectionStart : v.gapText.length;
    const end = el ? el.selectionEnd : at;
    write(v.gapText.slice(0, at) + token + v.gapText.slice(end));
    // Back in the text, just after the gap, ready to go on writing.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  const full = single ? gaps.length >= 1 : gaps.length >= 20;
  return (
    <Stack gap={6}>
      <Textarea
        ref={box}
        label={single ? 'The sentence with its gap' : 'The text with its gaps'}
        description={
          single
            ? 'Put the cursor where the choice goes and press “Insert the gap”. Learners choose the word there.'
            : 'Put the cursor where a word goes and press “Insert a gap”; each gap shows as {{g1}}, {{g2}}, … Blank lines start a new paragraph.'
        }
        autosize
        minRows={3}
        value={v.gapText}
        onChange={(e) => write(e.currentTarget.value)}
        error={form.errors.gapText ?? (single ? undefined : form.errors.targets)}
      />
      <Group gap="xs">
        <Button variant="light" size="xs" onClick={insert} disabled={full}>
          {single ? 'Insert the gap' : 'Insert a gap'}
        </Button>
        <Text size="xs" c="dimmed" aria-live="polite">
          {gaps.length === 0
            ? 'No gap yet'
            : single && gaps.length > 1
              ? 'Keep one gap only'
              : `${gaps.length} ${gaps.length === 1 ? 'gap' : 'gaps'}: ${gaps.join(', ')}`}
        </Text>
      </Group>
    </Stack>
  );
}
