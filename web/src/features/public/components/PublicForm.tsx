import { Paper, Text, Title } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { useT } from '../../../lib/i18n/index.js';

/*
 * What the public forms (the contact form, the expression of interest) share (decision 050): the honeypot field
 * that catches bots, and the thank-you that replaces a sent form.
 */

/**
 * The honeypot: a `website` field hidden from people and screen readers; bots fill it in, and the server drops
 * what comes with it. `inputKey` and `inputProps` are the form's (`form.key('website')`, `form.getInputProps`).
 */
export function Honeypot({
  id,
  inputKey,
  inputProps,
}: {
  id: string;
  inputKey: string;
  inputProps: ComponentPropsWithoutRef<'input'>;
}) {
  const t = useT();
  return (
    <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
      <label htmlFor={id}>{t('public.form.website')}</label>
      <input id={id} tabIndex={-1} autoComplete="off" key={inputKey} {...inputProps} />
    </div>
  );
}

/** A sent form's thank-you, announced to screen readers: the server's message, then what comes next. */
export function ThankYou({ message, maw, children }: { message: string; maw: number; children?: ReactNode }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={maw} role="status">
      <Title order={2} size="h3" mb="sm">
        {t('public.form.thanks')}
      </Title>
      <Text size="lg">{message}</Text>
      {children}
    </Paper>
  );
}
