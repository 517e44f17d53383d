import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LearnerInput, type Learner } from '#contract/learners';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useAddLearner } from '../api/add-learner.js';
import type { LearnerScope } from '../api/keys.js';
import { useUpdateLearner } from '../api/update-learner.js';

/** Add a learner (then show the username and password made for them) or correct one. */
export function LearnerForm({
  scope,
  learner,
  onDone,
}: {
  scope: LearnerScope;
  learner: Learner | null;
  onDone: () => void;
}) {
  const add = useAddLearner();
  const update = useUpdateLearner();
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const form = useSchemaForm({
    schema: LearnerInput,
    mode: 'uncontrolled',
    initialValues: {
      firstName: learner?.firstName ?? '',
      lastName: learner?.lastName ?? '',
      grade: (learner?.grade ?? '') as number | string,
    },
    // The grade box holds '' until a number is typed; the schema's coercion judges it as the server would.
    toInput: (v) => ({ firstName: v.firstName, lastName: v.lastName, grade: v.grade === '' ? '' : Number(v.grade) }),
    validateInputOnBlur: true,
  });
  if (created) {
    return (
      <Stack>
        <Alert color="green" title="Learner added" role="status">
          Username <b>{created.username}</b>, password <b>{created.password}</b>. It is on the sign-in slips too.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }
  const error = add.error ?? update.error;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((input) => {
        const values = { ...input, grade: Number(input.grade) };
        if (learner) update.mutate({ id: learner.id, values }, { onSuccess: onDone, onError: form.setServerErrors });
        else
          add.mutate(
            { ...scope, ...values },
            { onSuccess: (r) => setCreated(r.learner), onError: form.setServerErrors },
          );
      })}
    >
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required key={form.key('firstName')} {...form.getInputProps('firstName')} />
          <TextInput label="Surname" required key={form.key('lastName')} {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <NumberInput
          label="Grade"
          required
          min={1}
          max={12}
          w={120}
          key={form.key('grade')}
          {...form.getInputProps('grade')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending || update.isPending}>
            {learner ? 'Save' : 'Add learner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
