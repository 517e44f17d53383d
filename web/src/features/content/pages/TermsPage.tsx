import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { TermsInput, type TermsVersion } from '#contract/copy';
import { PageHeader } from '../../../components/PageHeader.js';
import { RichCopy } from '../../../components/RichCopy.js';
import { RichTextEditor } from '../../../components/RichTextEditor.js';
import { scrollRegion } from '../../../components/scroll-region.js';
import { isApiError } from '../../../lib/api/index.js';
import { formatDate } from '../../../lib/dates.js';
import { useSchemaForm } from '../../../lib/forms/index.js';
import { useTermsVersions } from '../api/list-terms-versions.js';
import { usePublishTerms } from '../api/publish-terms.js';
import { count } from '#contract/numbers';

/**
 * /overlord/edit/terms-and-conditions: the terms teachers accept. A published version is never changed: the
 * overlord publishes a new one (with what changed), and every teacher is asked to accept it before they enter a
 * school again.
 */
export function TermsPage() {
  const versions = useTermsVersions();
  const current = versions.data?.[0] ?? null;
  return (
    <>
      <PageHeader
        title="Terms and conditions"
        description="Teachers accept the current version before they enter a school. Publishing a new version asks every teacher to accept it again."
      />
      {versions.error ? <Alert color="red">{versions.error.message}</Alert> : null}
      {versions.isLoading ? <Skeleton height={320} /> : null}
      {versions.data ? (
        <Stack gap="xl">
          <NewVersion current={current} />
          <Stack gap="sm" component="section" aria-labelledby="versions-heading">
            <Title order={2} size="h3" id="versions-heading">
              Published versions
            </Title>
            {versions.data.length === 0 ? <Text c="dimmed">No version is published yet.</Text> : null}
            {versions.data.length ? (
              <Table.ScrollContainer minWidth={520} scrollAreaProps={scrollRegion('Versions and their acceptances')}>
                <Table striped aria-label="Published versions">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Version</Table.Th>
                      <Table.Th>Published</Table.Th>
                      <Table.Th>What changed</Table.Th>
                      <Table.Th ta="right">Accepted by</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {versions.data.map((v) => (
                      <Table.Tr key={v.id}>
                        <Table.Td>
                          <Group gap="xs">
                            {v.version}
                            {v.id === current?.id ? (
                              <Badge variant="light" color="green">
                                Current
                              </Badge>
                            ) : null}
                          </Group>
                        </Table.Td>
                        <Table.Td>{formatDate(v.publishedAt)}</Table.Td>
                        <Table.Td>{v.summary || '—'}</Table.Td>
                        <Table.Td ta="right">{count(v.acceptances, 'teacher')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
          </Stack>
        </Stack>
      ) : null}
    </>
  );
}

/** The next version: starts from the current text; its preview is what teachers will read. */
function NewVersion({ current }: { current: TermsVersion | null }) {
  const publish = usePublishTerms();
  const form = useSchemaForm({
    schema: TermsInput,
    mode: 'controlled',
    initialValues: { body: current?.body ?? '', summary: '' },
  });
  const v = form.getValues();
  useEffect(() => {
    if (current) form.setValues({ body: current.body, summary: '' });
    // Only when a new version arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.id]);
  const changed = v.body !== (current?.body ?? '');
  return (
    <form
      noValidate
      aria-labelledby="new-version-heading"
      onSubmit={form.onSubmit((values) => publish.mutate(values, { onError: form.setServerErrors }))}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="new-version-heading">
          {current ? `Publish version ${current.version + 1}` : 'Publish the first version'}
        </Title>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="sm">
            <RichTextEditor
              label="Terms and conditions"
              value={v.body}
              onChange={(html) => form.setFieldValue('body', html)}
              error={typeof form.errors.body === 'string' ? form.errors.body : undefined}
              minHeight={320}
              links
              headings
            />
            <TextInput
              label="What changed"
              description="Teachers read this when they are asked to accept the new version."
              key={form.key('summary')}
              {...form.getInputProps('summary')}
            />
            {publish.error && !(isApiError(publish.error) && publish.error.details.length) ? (
              <Alert color="red" role="alert">
                {publish.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={publish.isPending} disabled={!changed}>
                {current ? `Publish version ${current.version + 1}` : 'Publish version 1'}
              </Button>
            </Group>
          </Stack>
          <div>
            <Text size="sm" fw={600} mb={6}>
              Preview: as teachers read it
            </Text>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              {v.body.trim() ? <RichCopy html={v.body} /> : <Text c="dimmed">Nothing written yet.</Text>}
            </Paper>
          </div>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
