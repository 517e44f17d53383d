import { List, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader.js';

/** /olympus/about */
export function AboutPage() {
  return (
    <Stack gap="lg" maw={760} py="md">
      <PageHeader title="About Olympus" description="A platform for running school olympiads online." />
      <Text size="lg">
        Olympus runs subject olympiads for schools: a geography, a history and an Afrikaans-language olympiad, and an
        international geography olympiad in which countries enter teams.
      </Text>
      <Title order={2} size="h3">
        Who it is for
      </Title>
      <List spacing="sm">
        <List.Item>Organisers, who set the questions, follow the schools and publish the results.</List.Item>
        <List.Item>Finance and funding staff, who handle orders, invoices and payments.</List.Item>
        <List.Item>
          Teachers, who enter their school, load their learners and receive invoices and certificates.
        </List.Item>
        <List.Item>Learners, who write the olympiad once, online, on the device they have.</List.Item>
      </List>
      <Title order={2} size="h3">
        What matters to us
      </Title>
      <Text>
        Writing day is the moment that counts. Every answer is saved the moment it is given, a lost connection never
        loses an answer the server has received, and the pages work on a phone, with a keyboard and with a screen
        reader.
      </Text>
    </Stack>
  );
}
