import { Alert, Badge, Box, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { QuestionModuleRecord, QuestionRecord } from '#contract/authoring';
import { languageName, type PaperLanguage } from '#contract/questions';
import { creditInWords } from '#contract/scoring';
import { OlympiadCheck } from '../../../components/OlympiadCheck.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { usePaper } from '../api/get-paper.js';
import { usePaperLanguages } from '../api/get-olympiad-languages.js';
import { useVerifyModule } from '../api/verify-module.js';
import { useVerifyQuestion } from '../api/verify-question.js';
import { LanguageVerification } from '../components/LanguageVerification.js';
import { inLanguage } from '../components/translations.js';
import { AnswerKeyView } from '../components/AnswerKeyView.js';
import { QuestionPreview } from '../components/QuestionPreview.js';
import { useOlympiadOfPage } from '../components/use-olympiad.js';

/** Whether every language's version of a question is verified: the default's and each other offered one's. */
const allVerified = (q: QuestionRecord, others: readonly PaperLanguage[]) =>
  q.verified && others.every((l) => q.translations[l]?.verified);

/** A question's version in another language: previewed on request as its learners read it, and verified on its own. */
function OtherLanguage({
  q,
  language,
  what,
  preview,
}: {
  q: QuestionRecord;
  language: PaperLanguage;
  what: string;
  preview: (q: QuestionRecord) => ReactNode;
}) {
  const act = useVerifyQuestion();
  const [open, setOpen] = useState(false);
  const t = q.translations[language];
  const name = languageName(language);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <LanguageVerification
          language={language}
          version={t}
          what={what}
          pending={act.isPending}
          error={act.error}
          blocked={!q.can.verify ? 'You edited this question last; a second admin must verify it' : null}
          onVerify={(verified) => act.mutate({ id: q.id, verified, language })}
        />
        {t ? (
          <Button size="xs" variant="default" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? `Hide the ${name} version` : `Read it in ${name}`}
          </Button>
        ) : null}
      </Group>
      {open && t ? <Box lang={language}>{preview(inLanguage(q, t) as QuestionRecord)}</Box> : null}
    </Stack>
  );
}

/** A section's title and intro in another language, verified on its own. */
function ModuleLanguage({
  module: m,
  language,
}: {
  module: Pick<QuestionModuleRecord, 'id' | 'title' | 'translations'>;
  language: PaperLanguage;
}) {
  const act = useVerifyModule();
  const t = m.translations[language];
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text size="sm" lang={language}>
        {t?.title ? `“${t.title}”` : ''}
      </Text>
      <LanguageVerification
        language={language}
        version={t}
        what={`title and intro of ${m.title}`}
        pending={act.isPending}
        error={act.error}
        onVerify={(verified) => act.mutate({ id: m.id, verified, language })}
      />
    </Group>
  );
}

/** /{olympiadName}/admin/reports/verify-questions: a second admin checks each question and marks it verified. */
export function VerifyQuestionsPage() {
  const { olympiadId, title, olympiadName } = useOlympiadOfPage();
  const paper = usePaper(olympiadId);
  const languages = usePaperLanguages(olympiadName).data;
  const others = languages?.others ?? [];
  const act = useVerifyQuestion();
  const [onlyOpen, setOnlyOpen] = useState(true);
  const modules = paper.data ?? [];

  return (
    <>
      <PageHeader
        eyebrow={title}
        title="Verify questions"
        description="Read each question as learners will, check its answer, and mark it verified. You cannot verify a question you edited last."
      />
      {olympiadId != null ? (
        <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label="Olympiad check">
          <OlympiadCheck olympiadId={olympiadId} />
        </Paper>
      ) : null}
      <Switch
        label="Only questions still to verify"
        checked={onlyOpen}
        onChange={(e) => setOnlyOpen(e.currentTarget.checked)}
        mb="md"
      />
      {paper.isLoading ? <Loader aria-label="Loading" /> : null}
      {paper.error ? <Alert color="red">{paper.error.message}</Alert> : null}
      <Stack gap="xl">
        {modules.map((m, mi) => {
          const active = m.questions.filter((q) => !q.retired);
          const shown = active.filter((q) => !onlyOpen || !allVerified(q, others));
          return (
            <section key={m.id} aria-labelledby={`module-${m.id}`}>
              <Title order={2} size="h3" id={`module-${m.id}`} mb="sm">
                {mi + 1}. {m.title}{' '}
                <Text span c="dimmed" size="sm">
                  {active.filter((q) => q.verified).length} of {active.length} verified
                  {languages && others.length ? ` in ${languageName(languages.defaultLanguage)}` : ''}
                  {others.map(
                    (l) =>
                      ` · ${active.filter((q) => q.translations[l]?.verified).length} of ${active.length} in ${languageName(l)}`,
                  )}
                </Text>
              </Title>
              {others.map((l) => (
                <Group key={l} gap="xs" mb="sm">
                  <Text size="sm" fw={500}>
                    Section title and intro:
                  </Text>
                  <ModuleLanguage module={m} language={l} />
                </Group>
              ))}
              <Stack>
                {shown.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    Nothing to verify here.
                  </Text>
                ) : null}
                {shown.map((q) => {
                  const index = active.indexOf(q);
                  const what = `question ${index + 1} of module ${mi + 1}`;
                  // The server's policy says who may verify it: not whoever edited it last.
                  const mine = !q.can.verify;
                  return (
                    <Stack key={q.id} id={`question-${q.id}`} gap="xs" data-testid="verify-item">
                      <QuestionPreview
                        question={q}
                        moduleTitle={m.title}
                        moduleIndex={mi}
                        questionIndex={index}
                        questionCount={active.length}
                      />
                      <Group justify="space-between" wrap="wrap">
                        <Stack gap={4}>
                          <AnswerKeyView question={q} />
                          {creditInWords(q.answerKey, q.options, q.targets) ? (
                            <Text size="sm">{creditInWords(q.answerKey, q.options, q.targets)}</Text>
                          ) : null}
                        </Stack>
                        <Group gap="xs">
                          <Text size="xs" c="dimmed">
                            last edited by {q.lastEditedBy ?? 'unknown'}
                          </Text>
                          {q.verified ? (
                            <>
                              <Badge color="green">
                                {languages && others.length ? `${languageName(languages.defaultLanguage)}: ` : ''}
                                verified by {q.verifiedBy}
                              </Badge>
                              <Button
                                size="xs"
                                variant="subtle"
                                onClick={() => act.mutate({ id: q.id, verified: false })}
                              >
                                Clear
                              </Button>
                            </>
                          ) : (
                            <Button
                              size="xs"
                              color="green"
                              disabled={mine || !q.answerKey}
                              title={mine ? 'You edited this question last; a second admin must verify it' : undefined}
                              aria-label={`${mine ? 'You edited it last' : 'Mark verified'}: question ${index + 1} of module ${mi + 1}`}
                              loading={act.isPending && act.variables?.id === q.id}
                              onClick={() => act.mutate({ id: q.id, verified: true })}
                            >
                              {mine ? 'You edited it last' : 'Mark verified'}
                            </Button>
                          )}
                        </Group>
                      </Group>
                      {others.map((l) => (
                        <OtherLanguage
                          key={l}
                          q={q}
                          language={l}
                          what={what}
                          preview={(translated) => (
                            <QuestionPreview
                              question={translated}
                              moduleTitle={m.translations[l]?.title || m.title}
                              moduleIndex={mi}
                              questionIndex={index}
                              questionCount={active.length}
                            />
                          )}
                        />
                      ))}
                    </Stack>
                  );
                })}
              </Stack>
            </section>
          );
        })}
      </Stack>
    </>
  );
}
