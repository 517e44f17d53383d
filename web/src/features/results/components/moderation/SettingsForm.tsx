import { Alert, Button, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ModerationSettings } from '#contract/results';
import { useSchemaForm } from '../../../../lib/forms/index.js';
import { useSaveModerationSettings } from '../../api/moderation-save-settings.js';
import { useModerationSettings } from '../../api/moderation-settings.js';

type Values = ModerationSettings & Record<string, unknown>;

function Form({ olympiadId, settings, defaults }: { olympiadId: number; settings: Values; defaults: Values }) {
  const save = useSaveModerationSettings();
  const form = useSchemaForm<Values, ModerationSettings>({ schema: ModerationSettings, initialValues: settings });
  const field = (key: keyof ModerationSettings) => ({
    ...form.getInputProps(key),
    withAsterisk: true,
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate({ olympiadId, settings: values }, { onError: form.setServerErrors }),
      )}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          The thresholds apply the next time the flags are computed.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Similar answers: flag a match less likely than 1 in 10 to the power of"
            description={`Default ${defaults.similarityMinLog10} (1 in a million)`}
            min={1}
            max={50}
            decimalScale={1}
            {...field('similarityMinLog10')}
          />
          <NumberInput
            label="Similar answers: at least this many identical wrong answers"
            description={`Default ${defaults.similarityMinSharedWrong}`}
            min={1}
            max={1000}
            allowDecimal={false}
            {...field('similarityMinSharedWrong')}
          />
          <NumberInput
            label="Fast finish: less than this share of the median writing time"
            description={`Default ${defaults.fastFinishRatio} (a third)`}
            min={0.01}
            max={1}
            step={0.05}
            decimalScale={2}
            {...field('fastFinishRatio')}
          />
          <NumberInput
            label="Address changes: at least"
            description={`Default ${defaults.ipChangesMin}`}
            min={1}
            max={1000}
            allowDecimal={false}
            {...field('ipChangesMin')}
          />
          <NumberInput
            label="Sessions at once: at least this many devices"
            description={`Default ${defaults.concurrentSessionsMin}`}
            min={2}
            max={100}
            allowDecimal={false}
            {...field('concurrentSessionsMin')}
          />
        </SimpleGrid>
        {save.error && !Object.keys(form.errors).length ? <Alert color="red">{save.error.message}</Alert> : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save thresholds
          </Button>
          <Button variant="default" onClick={() => form.setValues(defaults)}>
            Use the defaults
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The olympiad's moderation thresholds. */
export function SettingsForm({ olympiadId }: { olympiadId: number }) {
  const settings = useModerationSettings(olympiadId);
  if (settings.error)
    return (
      <Alert color="red" title="Could not load the thresholds">
        {settings.error.message}
      </Alert>
    );
  if (!settings.data) return <Skeleton height={200} />;
  return (
    <Form
      key={JSON.stringify(settings.data.settings)}
      olympiadId={olympiadId}
      settings={settings.data.settings as Values}
      defaults={settings.data.defaults as Values}
    />
  );
}
