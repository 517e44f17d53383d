import { useMemo, useRef, useState } from 'react';
import { useT, type MessageId } from '../../../lib/i18n/index.js';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { goHome } from '../../../lib/session/index.js';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SigninBody, type SigninQueued } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { serverErrorText, useSchemaForm } from '../../../lib/forms/index.js';
import { isQueued, useSignin, type SigninInput } from '../api/signin.js';
import { ForgotPasswordDialog } from './ForgotPasswordDialog.js';
import { OlympiadField } from './OlympiadField.js';
import { SigninQueue } from './SigninQueue.js';

/** The form's values, with the words a learner needs when the olympiad is empty, in the page's language. */
const loginValues = (t: (id: MessageId) => string) =>
  z
    .object({
      username: SigninBody.shape.username,
      password: SigninBody.shape.password,
      learner: z.boolean(),
      olympiadName: z.string(),
      /** The second step of a staff account with two-factor sign-in (decision 106); empty until asked for. */
      code: z.string(),
    })
    .refine((values) => !values.learner || values.olympiadName.trim().length > 0, {
      path: ['olympiadName'],
      message: t('sitting.signin.enterOlympiad'),
    });

const fieldMessages = {
  unknown_username: 'sitting.signin.unknownUsername',
  wrong_password: 'sitting.signin.wrongPassword',
} as const satisfies Record<string, MessageId>;

type LoginValues = z.infer<ReturnType<typeof loginValues>>;

/** The sign-in's body, from the form's values: built again for the sign-in that follows the queue. */
const bodyOf = (values: LoginValues): SigninInput => ({
  username: values.username.trim(),
  password: values.password,
  olympiadName: values.learner ? values.olympiadName.trim() : null,
  loginType: values.learner ? 'learner' : 'staff',
  ...(values.code.trim() ? { code: values.code.trim() } : {}),
});

interface LoginFormProps {
  /** Set on /{olympiadName}/login: the olympiad is chosen and the learner switch starts on. */
  olympiadName?: string;
  /** Told when the learner is put in the queue (decision 053) and when they leave it, so the page can make room. */
  onQueueChange?: (queued: boolean) => void;
}

/**
 * The sign-in form. A learner whose olympiad's waiting room has a queue is answered with their place (decision 053):
 * the queue then stands in place of the form, polls the place and, once admitted, signs in again with the details
 * still in this form's state (the password is kept nowhere else).
 */
export function LoginForm({ olympiadName, onQueueChange }: LoginFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signin = useSignin();
  const [forgotOpened, forgot] = useDisclosure(false);
  const schema = useMemo(() => loginValues(t), [t]);
  const form = useSchemaForm({
    schema,
    mode: 'controlled',
    initialValues: {
      username: '',
      password: '',
      learner: Boolean(olympiadName),
      olympiadName: olympiadName ?? '',
      code: '',
    },
  });
  const { learner } = form.values;
  const [queue, setQueue] = useState<{ olympiadName: string; answer: SigninQueued } | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  // The server answered two_factor_required: the password was right, the code field is shown (decision 106).
  const [askCode, setAskCode] = useState(false);

  function showQueue(next: typeof queue) {
    setQueue(next);
    onQueueChange?.(next != null);
  }

  function send(values: LoginValues) {
    const body = bodyOf(values);
    signin.mutate(body, {
      onSuccess: (answer) => {
        if (isQueued(answer)) showQueue({ olympiadName: body.olympiadName ?? '', answer });
        else if (answer.twoFactorEnrolment) void navigate(answer.home, { replace: true });
        else goHome(answer, navigate, search.get('next'));
      },
      onError: (error) => {
        showQueue(null);
        if (!isApiError(error)) return;
        // The server's field errors on their fields (the olympiad a learner typed, …); the friendlier words
        // below replace the server's for a wrong username or password.
        const first = error.details.find((d) => onForm(d.path));
        form.setServerErrors(error);
        if (error.code === 'unknown_username') {
          form.setFieldError('username', t(fieldMessages.unknown_username));
          focusField('username');
        } else if (error.code === 'wrong_password') {
          form.setFieldValue('password', '');
          form.setFieldError('password', t(fieldMessages.wrong_password));
          focusField('password');
        } else if (error.code === 'two_factor_required') {
          setAskCode(true);
          form.clearFieldError('code');
          focusField('code');
        } else if (error.code === 'two_factor_invalid') {
          setAskCode(true);
          form.setFieldValue('code', '');
          form.setFieldError('code', t('sitting.signin.codeInvalid'));
          focusField('code');
        } else if (first) focusField(inputPath(first.path));
      },
    });
  }

  const submit = form.onSubmit(send);

  /** A server field error this form shows on a field: the olympiad only when it is typed here, not in the address. */
  function onForm(path: string) {
    const field = inputPath(path);
    if (field === 'code') return askCode;
    return field === 'olympiadName' ? learner && !olympiadName : field === 'username' || field === 'password';
  }

  const error = signin.error;
  const fieldError =
    isApiError(error) &&
    (error.code === 'unknown_username' ||
      error.code === 'wrong_password' ||
      error.code === 'two_factor_required' ||
      error.code === 'two_factor_invalid' ||
      (error.details.length > 0 && error.details.every((d) => onForm(d.path))));

  if (queue)
    return (
      <SigninQueue
        olympiadName={queue.olympiadName}
        queued={queue.answer}
        signingIn={signin.isPending}
        onAdmitted={() => send(form.values)}
        onLeave={() => {
          showQueue(null);
          requestAnimationFrame(() => submitButton.current?.focus());
        }}
      />
    );

  return (
    <form onSubmit={submit} noValidate aria-label={t('learner.title.signIn')}>
      <Stack gap="md">
        {error && !fieldError ? <SigninAlert error={error} /> : null}
        <TextInput
          label={t('sitting.signin.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          size="md"
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('sitting.signin.password')}
          autoComplete="current-password"
          required
          size="md"
          {...form.getInputProps('password')}
        />
        {askCode && !learner ? (
          <>
            <Alert color="blue" variant="light" role="status">
              {t('sitting.signin.codeRequired')}
            </Alert>
            <TextInput
              label={t('sitting.signin.code')}
              description={t('sitting.signin.codeHelp')}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              size="md"
              {...form.getInputProps('code')}
            />
          </>
        ) : null}
        <Switch
          label={t('sitting.signin.iAmLearner')}
          size="md"
          {...form.getInputProps('learner', { type: 'checkbox' })}
        />
        {learner && !olympiadName ? (
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
        <Button ref={submitButton} type="submit" size="md" loading={signin.isPending} fullWidth>
          {t('learner.title.signIn')}
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={forgot.open}>
            {t('sitting.signin.forgot')}
          </Anchor>
        </Group>
      </Stack>
      {forgotOpened ? (
        <ForgotPasswordDialog
          opened
          onClose={forgot.close}
          username={form.values.username}
          olympiadName={learner ? form.values.olympiadName.trim() || null : null}
        />
      ) : null}
    </form>
  );
}

const inputPath = (path: string) => path.replace(/^body\./, '');

/** Puts the keyboard (and a screen reader) on the field that was wrong. */
function focusField(path: string) {
  requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`input[data-path="${path}"]`)?.focus());
}

function SigninAlert({ error }: { error: Error }) {
  const t = useT();
  const code = isApiError(error) ? error.code : null;
  if (code === 'rate_limited') {
    return (
      <Alert color="orange" variant="light" title={t('sitting.signin.tooMany')} role="alert">
        {t('sitting.signin.paused')}
      </Alert>
    );
  }
  if (code === 'account_disabled') {
    return (
      <Alert color="red" variant="light" title={t('sitting.signin.disabled')} role="alert">
        {error.message || t('sitting.signin.disabledText')}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={t('sitting.signin.notSignedIn')} role="alert">
      {serverErrorText(error)}
    </Alert>
  );
}
