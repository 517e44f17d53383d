import { Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OlympiadRecord } from '#contract/olympiads';
import { languageName, otherLanguagesOf, type PaperLanguage } from '#contract/questions';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { formatDate } from '../../../lib/dates.js';
import { useVerifyOlympiadTranslation } from '../api/verify-olympiad-translation.js';

/** The instructions and declaration in one language, as the form holds them. */
export interface OlympiadWords {
  instructions: string;
  declaration: string;
}

interface OlympiadTextsProps {
  /** The language the olympiad's own fields are written in (the stored default; the chosen one for a new olympiad). */
  base: PaperLanguage;
  /** The other languages offered, each written beside the base language's. */
  others: PaperLanguage[];
  words: OlympiadWords;
  onWords: (words: Partial<OlympiadWords>) => void;
  errors: Partial<Record<keyof OlympiadWords, string | undefined>>;
  translations: Partial<Record<PaperLanguage, OlympiadWords>>;
  onTranslation: (language: PaperLanguage, words: Partial<OlympiadWords>) => void;
  translationErrors: (language: PaperLanguage, field: keyof OlympiadWords) => string | undefined;
  /** The stored olympiad, for each language's verification; null while creating. */
  olympiad: OlympiadRecord | null;
  /** Unsaved changes: what is verified is what is stored, so verifying waits for a save. */
  dirty: boolean;
}

/** One language's column: headed by its language, its editors in its own `lang` (decision 092: staff copy keeps it). */
function Column({
  language,
  heading,
  words,
  onWords,
  errors,
  children,
}: {
  language: PaperLanguage;
  heading: string;
  words: OlympiadWords;
  onWords: (words: Partial<OlympiadWords>) => void;
  errors: Partial<Record<keyof OlympiadWords, string | undefined>>;
  children?: ReactNode;
}) {
  const id = `texts-${language}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack>
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" id={id}>
            {heading}
          </Title>
        </Group>
        {children}
        <Box lang={language} data-testid={`texts-${language}`}>
          <Stack>
            <RichTextEditor
              label={`Instructions (${languageName(language)})`}
              description="Shown to learners before the declaration"
              value={words.instructions}
              onChange={(html) => onWords({ instructions: html })}
              error={errors.instructions}
            />
            <RichTextEditor
              label={`Declaration (${languageName(language)})`}
              description="The no-cheating declaration learners must accept"
              value={words.declaration}
              onChange={(html) => onWords({ declaration: html })}
              error={errors.declaration}
              minHeight={80}
            />
          </Stack>
        </Box>
      </Stack>
    </Paper>
  );
}

/** Whether a language's stored version is verified, by whom and when, with the button that changes it. */
function Verification({
  olympiad,
  language,
  dirty,
}: {
  olympiad: OlympiadRecord;
  language: PaperLanguage;
  dirty: boolean;
}) {
  const verify = useVerifyOlympiadTranslation();
  const stored = olympiad.translations[language];
  const name = languageName(language);
  // Only a language the saved olympiad offers besides its default has a version to verify.
  const offered = otherLanguagesOf(olympiad).includes(language);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        {!offered || !stored ? (
          <Badge color="red" variant="light">
            No {name} version saved yet
          </Badge>
        ) : stored.verified ? (
          <>
            <Badge color="green" variant="light">
              Verified
            </Badge>
            {/* Who and when beside the badge, as text that wraps on a phone. */}
            <Text size="xs" c="dimmed">
              by {stored.verifiedBy ?? 'an admin'} on {formatDate(stored.verifiedAt)}
            </Text>
          </>
        ) : (
          <Badge color="orange" variant="light">
            Not verified
          </Badge>
        )}
        {offered && stored ? (
          <Button
            size="xs"
            variant={stored.verified ? 'subtle' : 'filled'}
            color={stored.verified ? 'gray' : 'green'}
            disabled={dirty}
            loading={verify.isPending}
            onClick={() => verify.mutate({ olympiadId: olympiad.id, language, verified: !stored.verified })}
          >
            {stored.verified ? `Clear ${name} verification` : `Mark ${name} verified`}
          </Button>
        ) : null}
      </Group>
      {dirty && offered && stored ? (
        <Text size="xs" c="dimmed">
          Save your changes first: what is verified is the saved version.
        </Text>
      ) : null}
      {verify.error ? (
        <Alert color="red" py="xs">
          {verify.error.message}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The instructions and declaration in the default language and, beside them, in each other language offered
 * (decision 094): side by side on a wide screen, one after the other on a phone. Each other language's version is
 * verified on its own.
 */
export function OlympiadTexts(props: OlympiadTextsProps) {
  const { base, others, olympiad } = props;
  return (
    <SimpleGrid cols={{ base: 1, md: others.length > 0 ? 2 : 1 }} spacing="md">
      <Column
        language={base}
        heading={others.length > 0 ? `${languageName(base)} (default)` : languageName(base)}
        words={props.words}
        onWords={props.onWords}
        errors={props.errors}
      />
      {others.map((l) => (
        <Column
          key={l}
          language={l}
          heading={languageName(l)}
          words={props.translations[l] ?? { instructions: '', declaration: '' }}
          onWords={(w) => props.onTranslation(l, w)}
          errors={{
            instructions: props.translationErrors(l, 'instructions'),
            declaration: props.translationErrors(l, 'declaration'),
          }}
        >
          {olympiad ? <Verification olympiad={olympiad} language={l} dirty={props.dirty} /> : null}
        </Column>
      ))}
    </SimpleGrid>
  );
}
