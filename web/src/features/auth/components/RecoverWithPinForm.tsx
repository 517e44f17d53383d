import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useT, type MessageId } from '../../../lib/i18n/index.js';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { RecoverBody } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { serverErrorText, useSchemaForm } from '../../../lib/forms/index.js';
import { goHome } from '../../../lib/session/index.js';
import { useRecoverWithPin } from '../api/recover.js';
import { OlympiadField } from './OlympiadField.js';

/** The recovery's body, with the words a learner needs when a field is empty, in the page's language. */
const recoverValues = (t: (id: MessageId) => string) =>
  RecoverBody.extend({
    olympiadName: z.string().trim().min(1, t('sitting.signin.enterOlympiad')).max(60),
    username: z.string().trim().min(1, t('sitting.signin.enterUsername')).max(120),
    pin: z.string().min(4, t('sitting.recover.enterPin')).max(20),
  });

/**
 * "Lost your session? Use your recovery PIN": the olympiad (typed here, unless the page's address names it),
 * username and PIN, then back to where the learner was.
 */
export function RecoverWithPinForm({ olympiadName }: { olympiadName?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const recover = useRecoverWithPin();
  const schema = useMemo(() => recoverValues(t), [t]);
  const form = useSchemaForm({
    schema,
    mode: 'controlled',
    initialValues: { olympiadName: olympiadName ?? '', username: '', pin: '' },
    toInput: (values) => ({
      olympiadName: values.olympiadName.trim(),
      username: values.username.trim(),
      pin: values.pin.replace(/\s/g, ''),
    }),
  });

  const submit = form.onSubmit((input) =>
    recover.mutate(input, { onSuccess: (user) => goHome(user, navigate), onError: form.setServerErrors }),
  );

  const error = recover.error;
  // The olympiad's error is on its field when the learner typed it; from the address, the alert says it.
  const onFields =
    isApiError(error) &&
    error.details.length > 0 &&
    error.details.every((d) => olympiadName == null || d.path !== 'body.olympiadName');
  return (
    <form onSubmit={submit} noValidate aria-label={t('sitting.recover.form')}>
      <Stack gap="md">
        <Text c="dimmed">{t('sitting.recover.intro')}</Text>
        {error && !onFields ? (
          <Alert color="red" variant="light" role="alert" title={t('sitting.recover.failed')}>
            {isApiError(error) && error.status === 429 ? t('sitting.recover.tooMany') : serverErrorText(error)}
          </Alert>
        ) : null}
        {olympiadName == null ? (
          <OlympiadField
            required
            size="md"
            {...form.getInputProps('olympiadName')}
            onPick={(varName) => {
              form.setFieldValue('olympiadName', varName);
              form.clearFieldError('olympiadName');
            }}
          />
        ) : null}
        <TextInput
          label={t('sitting.signin.username')}
          size="md"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...form.getInputProps('username')}
        />
        <TextInput
          label={t('sitting.recover.pin')}
          size="md"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          maxLength={20}
          {...form.getInputProps('pin')}
        />
        <Button type="submit" size="md" loading={recover.isPending} fullWidth>
          {t('sitting.recover.submit')}
        </Button>
      </Stack>
    </form>
  );
}
