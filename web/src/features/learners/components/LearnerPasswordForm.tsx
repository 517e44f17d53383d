import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { Password } from '#contract/auth';
import type { Learner } from '#contract/learners';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSetLearnerPassword } from '../api/set-learner-password.js';

const PasswordValues = z.object({ password: Password });

/** A new password for one learner, exactly as typed. */
export function LearnerPasswordForm({ learner, onDone }: { learner: Learner; onDone: () => void }) {
  const set = useSetLearnerPassword();
  const form = useSchemaForm({ schema: PasswordValues, mode: 'uncontrolled', initialValues: { password: '' } });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        set.mutate({ id: learner.id, password: v.password }, { onSuccess: onDone, onError: form.setServerErrors }),
      )}
    >
      <Stack>
        {set.error ? (
          <Alert color="red" role="alert">
            {set.error.message}
          </Alert>
        ) : null}
        <Text size="sm">
          Username <code>{learner.username}</code>. Give the learner the new password; the old sign-in slip no longer
          works.
        </Text>
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={set.isPending}>
            Set password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
