import { Alert, Button, FileButton, Group, List, Menu, ScrollArea, Text } from '@mantine/core';
import { isApiError } from '../../../lib/api/index.js';
import { useDownloadQuestions } from '../api/download-questions.js';
import { useImportQuestions } from '../api/import-questions.js';

/**
 * Import a module's questions from xlsx/csv (all or nothing, with a per-row report) or QTI (item by item: the items
 * not imported are named with their reasons), export them, get the template.
 */
export function TransferPanel({ moduleId }: { moduleId: number }) {
  const importer = useImportQuestions();
  const downloader = useDownloadQuestions();
  const download = (path: string, name: string) => downloader.mutate({ path, name });
  const error = importer.error;
  const notes = importer.data?.notes ?? [];
  // The server names the refused items first (each “Not imported: …”), then what was kept in a simpler form.
  const refused = Math.min(importer.data?.refused ?? 0, notes.length);
  return (
    <>
      <Group gap="xs" mb="md" wrap="wrap">
        <FileButton
          accept=".xlsx,.csv,.zip,.xml,text/csv,application/zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(file) => {
            if (!file) return;
            importer.mutate({ moduleId, file });
          }}
        >
          {(props) => (
            <Button variant="light" loading={importer.isPending} {...props}>
              Import xlsx, csv or QTI
            </Button>
          )}
        </FileButton>
        <Menu>
          <Menu.Target>
            <Button variant="default">Export</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              onClick={() =>
                download(`/question/v-rest/export?questionModuleId=${moduleId}&format=xlsx`, `module-${moduleId}.xlsx`)
              }
            >
              Excel (xlsx)
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                download(`/question/v-rest/export?questionModuleId=${moduleId}&format=csv`, `module-${moduleId}.csv`)
              }
            >
              CSV
            </Menu.Item>
            <Menu.Item
              onClick={() =>
                download(`/question/v-rest/export-qti?questionModuleId=${moduleId}`, `module-${moduleId}-qti3.zip`)
              }
            >
              QTI 3.0 package (pictures included)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Menu>
          <Menu.Target>
            <Button variant="subtle">Template</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => download('/question/v-rest/template?format=xlsx', 'questions-template.xlsx')}>
              Excel (xlsx)
            </Menu.Item>
            <Menu.Item onClick={() => download('/question/v-rest/template?format=csv', 'questions-template.csv')}>
              CSV
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {error ? (
        <Alert color="red" mb="md" title={error.message} withCloseButton onClose={() => importer.reset()}>
          {isApiError(error) && error.details.length ? (
            <ScrollArea.Autosize mah={240}>
              <List size="sm" spacing={2}>
                {error.details.map((d, i) => (
                  <List.Item key={i}>
                    <Text span fw={600} size="sm">
                      {d.path}
                    </Text>{' '}
                    {d.message}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
          ) : null}
        </Alert>
      ) : null}
      {notes.length ? (
        <Alert
          color={refused ? 'orange' : 'yellow'}
          mb="md"
          title={refused ? importer.data!.message : 'Imported, with notes'}
          withCloseButton
          onClose={() => importer.reset()}
        >
          <ScrollArea.Autosize mah={240}>
            {refused ? (
              <>
                <Text size="sm" fw={600}>
                  Not imported
                </Text>
                <NoteList
                  notes={notes
                    .slice(0, refused)
                    .map((n) => ({ ...n, message: n.message.replace(/^Not imported: /, '') }))}
                />
              </>
            ) : null}
            {notes.length > refused ? (
              <>
                {refused ? (
                  <Text size="sm" fw={600} mt="xs">
                    Notes
                  </Text>
                ) : null}
                <NoteList notes={notes.slice(refused)} />
              </>
            ) : null}
          </ScrollArea.Autosize>
        </Alert>
      ) : null}
    </>
  );
}

function NoteList({ notes }: { notes: Array<{ path: string; message: string }> }) {
  return (
    <List size="sm" spacing={2}>
      {notes.map((d, i) => (
        <List.Item key={i}>
          <Text span fw={600} size="sm">
            {d.path}
          </Text>{' '}
          {d.message}
        </List.Item>
      ))}
    </List>
  );
}
