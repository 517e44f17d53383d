import { Badge, Button, Group, Image, Paper, Text, Title, Typography } from '@mantine/core';
import { useId, useState } from 'react';
import type { QuestionRecord } from '#contract/authoring';
import { count } from '#contract/numbers';
import type { AnswerValue, LearnerQuestion } from '#contract/questions';
import { AnswerInput, drawsOwnPicture } from '../../../components/answers/AnswerInput.js';

/** What the preview shows of a question: what a learner receives, and nothing of its key. */
export type PreviewQuestion = Pick<
  QuestionRecord,
  | 'type'
  | 'prompt'
  | 'imageUrl'
  | 'imageAlt'
  | 'options'
  | 'marks'
  | 'imageWidth'
  | 'imageHeight'
  | 'targets'
  | 'gapText'
  | 'maxChoices'
>;

/**
 * The question as the paper hands it to a learner. An order question's items come in an order that is not the one
 * written (each learner gets an order of their own, and the written one would be the answer); the other types keep
 * the written order, which is one of the orders a shuffle can give.
 */
export function asLearnerQuestion(q: PreviewQuestion, index: number): LearnerQuestion {
  const options = q.type === 'order' && q.options.length > 1 ? [...q.options.slice(1), q.options[0]!] : q.options;
  return {
    id: 0,
    index,
    type: q.type,
    prompt: q.prompt,
    imageUrl: q.imageUrl,
    imageAlt: q.imageAlt,
    marks: q.marks,
    options,
    imageWidth: q.imageWidth,
    imageHeight: q.imageHeight,
    targets: q.targets,
    gapText: q.gapText,
    maxChoices: q.maxChoices,
    translations: {},
  };
}

interface PreviewProps {
  question: PreviewQuestion;
  moduleTitle: string;
  moduleIndex: number;
  questionIndex: number;
  questionCount: number;
}

/**
 * The question as a learner sees it, to try: the prompt (the server's sanitised HTML), its image and the learner's
 * own answer controls (web/src/components/answers), which take a click, a drag, a tap and the keys as on the paper.
 * The answer given here lives in this component only and is never saved; Reset starts again.
 */
export function QuestionPreview({ question, moduleTitle, moduleIndex, questionIndex, questionCount }: PreviewProps) {
  const promptId = useId();
  const [answer, setAnswer] = useState<AnswerValue | undefined>(undefined);
  // Each try mounts the controls anew: what they keep of their own (a chosen label, a status line, typed text) goes too.
  const [attempt, setAttempt] = useState(0);
  const learner = asLearnerQuestion(question, questionIndex);
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      aria-label="Preview as a learner sees it"
    >
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          Module {moduleIndex + 1}: {moduleTitle}
        </Text>
        <Badge variant="light">{count(question.marks, 'mark')}</Badge>
      </Group>
      <Title order={2} size="h4" mb="sm">
        Question {questionIndex + 1} of {questionCount}
      </Title>
      <Typography mb="md">
        <div id={promptId} dangerouslySetInnerHTML={{ __html: question.prompt }} />
      </Typography>
      {question.imageUrl && !drawsOwnPicture(question.type) ? (
        <Image src={question.imageUrl} alt={question.imageAlt} maw={560} radius="sm" mb="md" />
      ) : null}
      <AnswerInput
        key={`${question.type} ${attempt}`}
        question={learner}
        // An answer of the type before the admin changed it is no answer to this one.
        value={answer?.type === question.type ? answer : undefined}
        onChange={setAnswer}
        promptId={promptId}
      />
      <Group justify="space-between" wrap="wrap" gap="xs" mt="md">
        <Text size="sm" c="dimmed">
          Try it as a learner: nothing you answer here is saved.
        </Text>
        <Button
          variant="default"
          size="xs"
          onClick={() => {
            setAnswer(undefined);
            setAttempt((n) => n + 1);
          }}
        >
          Reset
        </Button>
      </Group>
    </Paper>
  );
}
