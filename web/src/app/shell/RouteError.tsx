import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** When a page fails to render or to load (e.g. after an update, an old bundle is gone). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container size="sm" py={80}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>{notFound ? 'Page not found' : 'This page could not be shown'}</Title>
        <Text size="lg">
          {notFound
            ? 'There is no page at this address.'
            : 'Something went wrong while loading this page. Reloading usually helps; if it does not, please try again later.'}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Button component={Link} to="/" variant="default">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
