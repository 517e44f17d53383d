import { Alert, Button, Container, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useUnsubscribe } from '../api/unsubscribes/unsubscribe.js';
import { useUnsubscribeInfo } from '../api/unsubscribes/unsubscribe-info.js';

/** /unsubscribe/{ref?} and /{olympiadName}/unsubscribe/{ref?}: one click, no sign-in. */
export function UnsubscribePage() {
  const { ref } = useParams();
  const info = useUnsubscribeInfo(ref);
  const unsubscribe = useUnsubscribe();
  const done = unsubscribe.isSuccess || info.data?.unsubscribed;
  const from = info.data?.olympiad ? `the ${info.data.olympiad.title}` : 'Olympus';
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack>
          <Title order={1} size="h2">
            Unsubscribe
          </Title>
          {!ref ? (
            <Text>
              To stop receiving mass mail, open the <b>Unsubscribe</b> link at the foot of a message you received from
              Olympus. Each link is personal, so nobody else can unsubscribe you.
            </Text>
          ) : null}
          {info.isLoading ? <Loader aria-label="Loading" /> : null}
          {info.error ? (
            <Alert color="red" role="alert">
              This unsubscribe link is not valid. Use the link in the most recent message you received.
            </Alert>
          ) : null}
          {info.data ? (
            <>
              {done ? (
                <Alert color="green" role="status" title="You are unsubscribed">
                  {info.data.email} will get no more mass mail from {from}.
                </Alert>
              ) : (
                <Text>
                  Stop mass mail from {from} to <b>{info.data.email}</b>?
                </Text>
              )}
              <div>
                <Text fw={600}>{done ? 'You will no longer receive' : 'You will no longer receive'}</Text>
                <List size="sm">
                  <List.Item>news, reminders and announcements sent to many people by {from}</List.Item>
                </List>
                <Text fw={600} mt="sm">
                  You will still receive
                </Text>
                <List size="sm">
                  <List.Item>messages about your own account: password resets and address checks</List.Item>
                  <List.Item>invoices, learner slips and certificates for your school</List.Item>
                  {info.data.olympiad ? <List.Item>mass mail from other olympiads you take part in</List.Item> : null}
                </List>
              </div>
              {!done ? (
                <Button onClick={() => unsubscribe.mutate(ref!)} loading={unsubscribe.isPending} size="md">
                  Unsubscribe
                </Button>
              ) : null}
              {unsubscribe.error ? (
                <Alert color="red" role="alert">
                  {unsubscribe.error.message}
                </Alert>
              ) : null}
            </>
          ) : null}
        </Stack>
      </Paper>
    </Container>
  );
}
