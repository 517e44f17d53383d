import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { ContactBody } from '#contract/public';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useT } from '../../../lib/i18n/index.js';
import { type ContactValues, useSendContact } from '../api/send-contact.js';
import { Honeypot, ThankYou } from './PublicForm.js';

interface FormValues extends Record<string, unknown> {
  name: string;
  email: string;
  subject: string;
  message: string;
  website: string;
}

/**
 * The contact form of /olympus/contact and /{projectName}/contact (POST website/api/contact): a visitor writes
 * to the organisers of the project (or of the platform without `projectName`), and is thanked in place. The
 * page's own copy sits around it.
 */
export function ContactForm({ projectName }: { projectName?: string }) {
  const t = useT();
  const send = useSendContact();
  const [thanks, setThanks] = useState<string | null>(null);
  const id = useId();
  const form = useSchemaForm<FormValues, ContactValues>({
    schema: ContactBody,
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', subject: '', message: '', website: '' },
    toInput: (v) => ({ ...v, ...(projectName ? { projectName } : {}) }),
    validateInputOnBlur: true,
  });

  if (thanks) {
    return (
      <ThankYou message={thanks} maw={760}>
        <Button
          variant="default"
          mt="lg"
          onClick={() => {
            form.reset();
            setThanks(null);
          }}
        >
          {t('public.contact.another')}
        </Button>
      </ThankYou>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760} component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb={4}>
        {projectName ? t('public.contact.titleProject') : t('public.contact.titlePlatform')}
      </Title>
      <Text c="dimmed" mb="md">
        {t('public.contact.lead')}
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          send.mutate(values, {
            onSuccess: (r) => setThanks(r.message ?? t('public.contact.thanks')),
            onError: form.setServerErrors,
          }),
        )}
      >
        <Stack>
          {send.error ? (
            <Alert color="red" role="alert" title={t('public.contact.failed')}>
              {send.error.message}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('public.contact.name')}
              required
              autoComplete="name"
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('public.contact.email')}
              type="email"
              required
              autoComplete="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
          </SimpleGrid>
          <TextInput label={t('public.contact.subject')} key={form.key('subject')} {...form.getInputProps('subject')} />
          <Textarea
            label={t('public.contact.message')}
            required
            autosize
            minRows={5}
            maxRows={14}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          <Honeypot id={`${id}-website`} inputKey={form.key('website')} inputProps={form.getInputProps('website')} />
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={send.isPending}>
              {t('public.contact.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
