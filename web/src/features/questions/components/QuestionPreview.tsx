import {
  Badge,
  Checkbox,
  Group,
  Image,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { count } from '#contract/numbers';
import { isPictureType } from '#contract/questions';
import { InteractionPreview, type PreviewQuestion } from './InteractionPreview.js';

interface PreviewProps {
  question: PreviewQuestion;
  moduleTitle: string;
  moduleIndex: number;
  questionIndex: number;
  questionCount: number;
}

/**
 * The question as a learner sees it: the prompt (the server's sanitised HTML), its image, the options and
 * the answer input of its type; nothing of the key. Answers given here are not saved.
 */
export function QuestionPreview({ question, moduleTitle, moduleIndex, questionIndex, questionCount }: PreviewProps) {
  const name = `preview-${questionIndex}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} aria-label="Preview as a learner sees it">
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
        <div dangerouslySetInnerHTML={{ __html: question.prompt }} />
      </Typography>
      {question.imageUrl && !isPictureType(question.type) ? (
        <Image src={question.imageUrl} alt={question.imageAlt} maw={560} radius="sm" mb="md" />
      ) : null}
      <Stack gap="sm">
        {question.type === 'single' ? (
          <Radio.Group name={name} label="Choose one answer">
            <Stack gap="xs" mt="xs">
              {question.options.map((o) => (
                <Radio key={o.id} value={o.id} label={<OptionLabel text={o.text} imageUrl={o.imageUrl} />} />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {question.type === 'multiple' ? (
          <Checkbox.Group label="Choose every correct answer">
            <Stack gap="xs" mt="xs">
              {question.options.map((o) => (
                <Checkbox key={o.id} value={o.id} label={<OptionLabel text={o.text} imageUrl={o.imageUrl} />} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        {question.type === 'true_false' ? (
          <Radio.Group name={name} label="True or false?">
            <Group mt="xs">
              <Radio value="true" label="True" />
              <Radio value="false" label="False" />
            </Group>
          </Radio.Group>
        ) : null}
        {question.type === 'numeric' ? <NumberInput label="Your answer (a number)" maw={240} /> : null}
        {question.type === 'short_text' ? <TextInput label="Your answer" maw={420} /> : null}
        <InteractionPreview question={question} />
      </Stack>
    </Paper>
  );
}

function OptionLabel({ text, imageUrl }: { text: string; imageUrl: string | null }) {
  return (
    <Stack gap={4}>
      {text ? <span>{text}</span> : null}
      {imageUrl ? <Image src={imageUrl} alt={text || 'Option image'} maw={220} radius="sm" /> : null}
    </Stack>
  );
}
