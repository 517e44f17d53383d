import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { z } from 'zod';
import { Password } from '#contract/auth';
import type { Learner } from '#contract/learners';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { T, useT } from '../../../lib/i18n/index.js';
import { useSetLearnerPassword } from '../api/set-learner-password.js';

const PasswordValues = z.object({ password: Password });

/** A new password for one learner, exactly as typed. */
export function LearnerPasswordForm({ learner, onDone }: { learner: Learner; onDone: () => void }) {
  const t = useT();
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
          <T id="portal.learnerPassword.help" values={{ username: learner.username }} components={{ 0: <code /> }} />
        </Text>
        <PasswordInput
          label={t('portal.learnerPassword.new')}
          required
          autoComplete="new-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={set.isPending}>
            {t('portal.learners.setPassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
