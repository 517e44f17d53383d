import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import {
  type RuntimeSettings,
  RuntimeSettings as Settings,
  type SystemConfigBody,
  TWO_FACTOR_ROLES,
} from '#contract/system-config';
import { PageHeader } from '../../../components/PageHeader.js';
import { formatDate } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useSystemConfig } from '../api/get-system-config.js';
import { useSaveSystemConfig } from '../api/save-system-config.js';

const limitFields: Array<{ key: keyof RuntimeSettings['limits']; label: string; description: string }> = [
  {
    key: 'signinFailuresPerAccount',
    label: 'Free failures per account',
    description: 'Wrong passwords from one address, or one known browser, before each further try there waits',
  },
  { key: 'signinDelaySeconds', label: 'First wait (seconds)', description: 'Doubles with each further failure' },
  { key: 'signinMaxDelaySeconds', label: 'Longest wait (seconds)', description: 'The doubling stops here' },
  {
    key: 'signinFailuresPerAddress',
    label: 'Failures per address and username',
    description: 'In one window, from one network address or one known browser',
  },
  {
    key: 'signinFailuresAcrossAddresses',
    label: 'Tries per account from new browsers',
    description: 'In one window, all addresses together; browsers that signed in before are never held to it',
  },
  { key: 'signinWindowMinutes', label: 'Window (minutes)', description: 'How long failures are remembered' },
  {
    key: 'forgotPerAccount',
    label: 'Reset mails per account an hour',
    description: 'Never two within 5 minutes; further requests send nothing',
  },
  { key: 'forgotPerAddress', label: 'Reset mails per address an hour', description: 'From one network address' },
];

const twoFactorRoleNames: Record<(typeof TWO_FACTOR_ROLES)[number], string> = {
  overlord: 'Overlord',
  admin: 'Olympiad admins',
  accountant: 'Accountants',
  funding: 'Funding',
  teacher: 'Teachers',
};

function SettingsForm({ config }: { config: SystemConfigBody }) {
  const save = useSaveSystemConfig();
  const form = useSchemaForm({
    schema: Settings,
    mode: 'controlled',
    validateInputOnChange: true,
    initialValues: config.settings,
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(config.settings);
    resetDirty(config.settings);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form follows the saved settings only
  }, [config.settings]);
  const banner = form.getValues().maintenanceBanner;
  const submit = form.onSubmit((values) => save.mutate(values, { onError: form.setServerErrors }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {save.error ? <Alert color="red">{save.error.message}</Alert> : null}
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Maintenance banner
          </Title>
          <Textarea
            label="Banner text"
            description="Shown at the top of every page, the learners’ included, while it is not empty"
            autosize
            minRows={2}
            {...form.getInputProps('maintenanceBanner')}
          />
          <Group justify="space-between" mt={4}>
            <Text size="xs" c="dimmed">
              {banner.length} / 500
            </Text>
            <Button variant="subtle" size="xs" onClick={() => form.setFieldValue('maintenanceBanner', '')}>
              Clear the banner
            </Button>
          </Group>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Support and mail
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Support address"
              description="Where people are told to write; the platform’s contact form goes here"
              type="email"
              {...form.getInputProps('supportEmail')}
            />
            <NumberInput
              label="Mail rate (messages a minute)"
              description="The sender’s site-wide limit"
              min={1}
              allowDecimal={false}
              {...form.getInputProps('mailRatePerMinute')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Sign-in limits
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {limitFields.map((f) => (
              <NumberInput
                key={f.key}
                label={f.label}
                description={f.description}
                min={0}
                allowDecimal={f.key.endsWith('Seconds')}
                {...form.getInputProps(`limits.${f.key}`)}
              />
            ))}
          </SimpleGrid>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Two-factor sign-in
          </Title>
          <Checkbox.Group
            label="Required for these roles"
            description={
              'People of a ticked role must sign in with a code from an authenticator app as well as their password; ' +
              'until they set it up, they can only do that. Recommended for the overlord, whose account reaches every ' +
              'olympiad. Until a choice is saved, a production server requires it of the overlord and any other server ' +
              'of nobody, so the demo keeps signing in with a password alone.'
            }
            {...form.getInputProps('twoFactorRoles')}
          >
            <Group mt="xs" gap="lg">
              {TWO_FACTOR_ROLES.map((role) => (
                <Checkbox key={role} value={role} label={twoFactorRoleNames[role]} />
              ))}
            </Group>
          </Checkbox.Group>
        </Card>
        <Group justify="space-between" wrap="wrap">
          <Button variant="default" onClick={() => form.setValues(config.defaults)}>
            Use the environment’s values
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /overlord/system-config: the runtime settings (applied without a restart) and the environment, read-only. */
export function SystemConfigPage() {
  const config = useSystemConfig();
  return (
    <>
      <PageHeader
        title="System config"
        description="Settings that take effect without a restart, on every server within seconds. The environment’s own settings are shown below, read-only."
      />
      {config.error ? (
        <Alert color="red" title="Could not load the settings">
          {config.error.message}
        </Alert>
      ) : null}
      {!config.data ? (
        config.isLoading ? (
          <Loader aria-label="Loading" />
        ) : null
      ) : (
        <Stack gap="xl">
          <Text size="sm" c="dimmed">
            {config.data.updatedAt
              ? `Last saved ${formatDate(config.data.updatedAt)} by ${config.data.updatedBy ?? 'a removed user'}. `
              : 'Never saved here: the environment’s values apply. '}
            Every server reads the settings again every {config.data.refreshSeconds} seconds.
          </Text>
          <SettingsForm config={config.data} />
          <section aria-labelledby="environment-title">
            <Title order={2} size="h4" id="environment-title" mb="xs">
              Environment
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Set when the server starts (environment variables); secrets are never shown.
            </Text>
            <ScrollArea type="auto">
              <Table striped aria-labelledby="environment-title" layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Variable</Table.Th>
                    <Table.Th>Value</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {config.data.environment.map((e) => (
                    <Table.Tr key={e.name}>
                      <Table.Td>
                        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {e.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {e.set ? 'set' : 'default'}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {e.secret && e.value == null ? (
                          <Text size="sm" c="dimmed">
                            {e.set ? 'Set (secret, hidden)' : 'Not set (secret)'}
                          </Text>
                        ) : (
                          <Text size="sm" ff="monospace">
                            {e.value ?? '—'}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </section>
        </Stack>
      )}
    </>
  );
}
