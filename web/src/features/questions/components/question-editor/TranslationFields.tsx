import { Box, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { htmlText } from '#contract/content';
import { languageName, type PaperLanguage } from '#contract/questions';
import { RichTextEditor } from '../../../../components/RichTextEditor.js';
import { optionLetters, type QuestionForm, type TranslationValues } from './form-values.js';

interface TranslationFieldsProps {
  form: QuestionForm;
  /** The language the question's own fields are in. */
  defaultLanguage: PaperLanguage;
  language: PaperLanguage;
  /** The language's verification, under the heading. */
  children?: ReactNode;
}

/** One word of the question: the default language's on the left, its translation's input on the right. */
function Row({
  label,
  original,
  defaultLanguage,
  language,
  children,
}: {
  label: string;
  original: string;
  defaultLanguage: PaperLanguage;
  language: PaperLanguage;
  children: ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing={4}>
      <Box lang={defaultLanguage}>
        <Text size="sm" fw={500}>
          {label} ({languageName(defaultLanguage)})
        </Text>
        <Text
          size="sm"
          c={original ? undefined : 'dimmed'}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {original || '(empty)'}
        </Text>
      </Box>
      <Box lang={language}>{children}</Box>
    </SimpleGrid>
  );
}

/**
 * The question's words in another language the olympiad offers (decision 094), each beside the default's: the
 * prompt, the picture's description, each option's and target's text, the text with gaps, and how that language
 * spells each accepted short answer. The answer key, marks and pictures are the question's own, shared by every
 * language.
 */
export function TranslationFields({ form, defaultLanguage, language, children }: TranslationFieldsProps) {
  const v = form.values;
  const name = languageName(language);
  const t: TranslationValues = v.translations[language] ?? {
    prompt: '',
    imageAlt: '',
    options: {},
    targets: {},
    gapText: '',
  };
  const set = (words: Partial<TranslationValues>) => form.setFieldValue(`translations.${language}`, { ...t, ...words });
  const row = { defaultLanguage, language };
  const options = v.options.filter((o) => o.text.trim());
  // Each option by the letter the editor above shows beside it.
  const letterOf = (id: string) => (optionLetters[v.options.findIndex((o) => o.id === id)] ?? '').toUpperCase();
  // A gap's own words are the options put in it: only places and a match's right-hand items have text of their own.
  const targets = v.type === 'gap_match' ? [] : v.targets.filter((x) => x.text.trim());
  const gapped = v.type === 'gap_match' || v.type === 'inline_choice';
  const accepted =
    v.type === 'short_text'
      ? v.accepted
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const spellings = v.acceptedByLanguage[language] ?? {};
  const headingId = `translation-${language}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          In {name}
        </Title>
        {children}
        <SimpleGrid cols={2} spacing="md" visibleFrom="sm">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {languageName(defaultLanguage)} (default)
          </Text>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {name}
          </Text>
        </SimpleGrid>
        <Row label="Question" original={htmlText(v.prompt)} {...row}>
          <RichTextEditor
            label={`Question in ${name}`}
            value={t.prompt}
            onChange={(html) => set({ prompt: html })}
            minHeight={80}
          />
        </Row>
        {v.imageUrl ? (
          <Row label="Picture description" original={v.imageAlt} {...row}>
            <TextInput
              label={`Picture description in ${name}`}
              value={t.imageAlt}
              onChange={(e) => set({ imageAlt: e.currentTarget.value })}
              maxLength={300}
            />
          </Row>
        ) : null}
        {gapped ? (
          <Row label="Text with gaps" original={v.gapText} {...row}>
            <Textarea
              label={`Text with gaps in ${name}`}
              description="Keep each gap's {{id}} as in the original"
              autosize
              minRows={3}
              value={t.gapText}
              onChange={(e) => set({ gapText: e.currentTarget.value })}
            />
          </Row>
        ) : null}
        {options.map((o) => (
          <Row key={o.id} label={`Option ${letterOf(o.id)}`} original={o.text} {...row}>
            <TextInput
              label={`Option ${letterOf(o.id)} in ${name}`}
              value={t.options[o.id] ?? ''}
              onChange={(e) => set({ options: { ...t.options, [o.id]: e.currentTarget.value } })}
            />
          </Row>
        ))}
        {targets.map((x, i) => (
          <Row
            key={x.id}
            label={`${v.type === 'match' ? 'Right-hand item' : 'Place'} ${i + 1}`}
            original={x.text}
            {...row}
          >
            <TextInput
              label={`${v.type === 'match' ? 'Right-hand item' : 'Place'} ${i + 1} in ${name}`}
              value={t.targets[x.id] ?? ''}
              onChange={(e) => set({ targets: { ...t.targets, [x.id]: e.currentTarget.value } })}
            />
          </Row>
        ))}
        {accepted.map((a) => (
          <Row key={a} label="Accepted answer" original={a} {...row}>
            <Textarea
              label={`“${a}” in ${name}`}
              description="Each spelling on its own line; it scores as the accepted answer"
              autosize
              minRows={1}
              value={spellings[a] ?? ''}
              onChange={(e) =>
                form.setFieldValue('acceptedByLanguage', {
                  ...v.acceptedByLanguage,
                  [language]: { ...spellings, [a]: e.currentTarget.value },
                })
              }
            />
          </Row>
        ))}
      </Stack>
    </Paper>
  );
}
