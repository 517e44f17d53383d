import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { DecisionBody, type ModeratedAttempt, type ModerationDecision } from '#contract/moderation';
import { useSchemaForm } from '../../../../lib/forms/index.js';
import { useDecideAttempt } from '../../api/moderation-decide.js';

interface Values extends Record<string, unknown> {
  decision: ModerationDecision;
  adjustedScore: number | string;
  reason: string;
}

const titles: Record<ModerationDecision, string> = {
  cleared: 'Clear this attempt',
  adjusted: 'Adjust the score',
  disqualified: 'Disqualify',
  reset: 'Reset the attempt',
};
const actions: Record<ModerationDecision, string> = {
  cleared: 'Clear',
  adjusted: 'Save the score',
  disqualified: 'Disqualify',
  reset: 'Reset and let them write again',
};

/** The admin's decision on one attempt: a reason (all but clear), the new score (adjust), a warning (reset). */
export function DecisionDialog({
  attempt,
  decision,
  onClose,
}: {
  attempt: ModeratedAttempt;
  decision: ModerationDecision;
  onClose: () => void;
}) {
  const decide = useDecideAttempt();
  const name = `${attempt.learner.firstName} ${attempt.learner.lastName}`.trim() || attempt.learner.username;
  const form = useSchemaForm<Values, DecisionBody>({
    schema: DecisionBody,
    initialValues: {
      decision,
      adjustedScore: attempt.decision?.adjustedScore ?? attempt.score ?? '',
      reason: decision === attempt.decision?.decision ? attempt.decision.reason : '',
    },
    toInput: (v) => ({
      decision: v.decision,
      reason: v.reason,
      ...(v.decision === 'adjusted' ? { adjustedScore: v.adjustedScore === '' ? null : Number(v.adjustedScore) } : {}),
    }),
  });
  return (
    <Modal opened onClose={onClose} title={`${titles[decision]}: ${name}`} centered>
      <form
        onSubmit={form.onSubmit((input) =>
          decide.mutate(
            { attemptId: attempt.attemptId, body: input },
            { onSuccess: onClose, onError: form.setServerErrors },
          ),
        )}
      >
        <Stack>
          {decision === 'reset' ? (
            <Alert color="red" title="The answers are deleted">
              {name}’s answers are deleted and the start, finish and score cleared, so that {name} writes the olympiad
              again from the first question. This cannot be undone.
            </Alert>
          ) : null}
          {decision === 'disqualified' ? (
            <Text size="sm">{name} gets no result, rank, award or certificate.</Text>
          ) : null}
          {decision === 'adjusted' ? (
            <NumberInput
              label="Adjusted score"
              description={`Marked ${attempt.score ?? '—'} of ${attempt.maxScore ?? '—'}; the marked score is kept beside it`}
              min={0}
              max={attempt.maxScore ?? undefined}
              decimalScale={2}
              withAsterisk
              {...form.getInputProps('adjustedScore')}
            />
          ) : null}
          <Textarea
            label="Reason"
            description={decision === 'cleared' ? 'Optional' : 'Kept with the decision and in the audit log'}
            withAsterisk={decision !== 'cleared'}
            autosize
            minRows={2}
            maxLength={1000}
            {...form.getInputProps('reason')}
          />
          {decide.error && !form.errors.reason && !form.errors.adjustedScore ? (
            <Alert color="red">{decide.error.message}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={decision === 'cleared' ? 'teal.9' : decision === 'adjusted' ? 'blue.8' : 'red.9'}
              loading={decide.isPending}
            >
              {actions[decision]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
