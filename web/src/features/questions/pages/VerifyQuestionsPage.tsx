import { Alert, Badge, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { creditInWords } from '#contract/scoring';
import { OlympiadCheck } from '../../../components/OlympiadCheck.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { usePaper } from '../api/get-paper.js';
import { useVerifyQuestion } from '../api/verify-question.js';
import { AnswerKeyView } from '../components/AnswerKeyView.js';
import { QuestionPreview } from '../components/QuestionPreview.js';
import { useOlympiadOfPage } from '../components/use-olympiad.js';

/** /{olympiadName}/admin/reports/verify-questions: a second admin checks each question and marks it verified. */
export function VerifyQuestionsPage() {
  const { olympiadId, title } = useOlympiadOfPage();
  const paper = usePaper(olympiadId);
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
          const shown = active.filter((q) => !onlyOpen || !q.verified);
          return (
            <section key={m.id} aria-labelledby={`module-${m.id}`}>
              <Title order={2} size="h3" id={`module-${m.id}`} mb="sm">
                {mi + 1}. {m.title}{' '}
                <Text span c="dimmed" size="sm">
                  {active.filter((q) => q.verified).length} of {active.length} verified
                </Text>
              </Title>
              <Stack>
                {shown.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    Nothing to verify here.
                  </Text>
                ) : null}
                {shown.map((q) => {
                  const index = active.indexOf(q);
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
                              <Badge color="green">verified by {q.verifiedBy}</Badge>
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
