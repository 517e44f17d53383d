import { Alert, Button, Group, Stack, Text } from '@mantine/core';

/** Learners answered this question: changing its key must be confirmed, and re-marks every finished attempt. */
export function KeyFixAlert({
  reason,
  loading,
  onConfirm,
  onCancel,
}: {
  reason: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Alert color="orange" title="Learners have answered this question">
      <Stack gap="xs">
        <Text size="sm">
          {reason}. Saving changes the correct answer and re-marks every finished attempt. This is logged.
        </Text>
        <Group>
          <Button color="orange" loading={loading} onClick={onConfirm}>
            Change the key and re-mark
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
