import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** Any path that is not a page (docs/spec.md §2, §8). */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <Stack align="flex-start" gap="md" py={64} maw={640}>
      <Text fw={700} c="olympus.7" size="sm">
        Error 404
      </Text>
      <Title order={1}>Page not found</Title>
      <Text size="lg">
        There is no page at{' '}
        <Text span ff="monospace" fw={600}>
          {location.pathname}
        </Text>
        . The link may be old, or the address mistyped.
      </Text>
      <Group>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
        <Button component={Link} to="/login" variant="default">
          Sign in
        </Button>
      </Group>
    </Stack>
  );
}
