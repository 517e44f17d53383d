import { Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AttachmentRow, UploadRow } from '#contract/mail';
import { Confirm } from '../../../components/Confirm.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { type Column, PagedTable, useListParams } from '../../../components/PagedTable.js';
import { useRouteOlympiad } from '../../../lib/public-api/use-route-olympiad.js';
import { useDeleteAttachment } from '../api/files/delete-attachment.js';
import { useDeleteUpload } from '../api/files/delete-upload.js';
import { useDownload } from '../api/files/download-file.js';
import { useAttachments } from '../api/files/list-attachments.js';
import { useUploads } from '../api/files/list-uploads.js';
import { useRenameAttachment } from '../api/files/rename-attachment.js';
import { useUploadAttachment } from '../api/files/upload-attachment.js';
import { useUploadFile } from '../api/files/upload-file.js';
import { when } from '../components/MailBits.js';
import { useNewestFirst } from '../components/use-newest-first.js';
import { fileSize } from '#contract/numbers';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx,.txt,.csv';

/** /overlord/file-attachments and /{o}/admin/file-attachments: files to attach to mass mail. */
export function FileAttachmentsPage() {
  const { olympiadName, olympiad } = useRouteOlympiad();
  const scoped = olympiadName !== '';
  const list = useListParams('createdAt');
  useNewestFirst(list);
  const rows = useAttachments({ ...list.params, olympiadId: olympiad?.id }, !scoped || olympiad != null);
  const uploadFile = useUploadAttachment();
  const rename = useRenameAttachment();
  const remove = useDeleteAttachment();
  const download = useDownload();
  const [renaming, setRenaming] = useState<AttachmentRow | null>(null);
  // A delete cannot be undone: it is asked about first, naming the file.
  const [removing, setRemoving] = useState<AttachmentRow | null>(null);
  const [name, setName] = useState('');
  const mine = (a: AttachmentRow) => !scoped || a.olympiadId != null;
  const columns: Column<AttachmentRow>[] = [
    {
      key: 'name',
      label: 'File',
      sortable: true,
      render: (a) => (
        <Text size="sm" fw={600}>
          {a.filename}
        </Text>
      ),
    },
    { key: 'size', label: 'Size', sortable: true, render: (a) => fileSize(a.size) },
    { key: 'type', label: 'Type', render: (a) => a.contentType.split(';')[0] },
    { key: 'createdAt', label: 'Added', sortable: true, render: (a) => when(a.createdAt) },
    ...(scoped
      ? []
      : [
          {
            key: 'scope',
            label: 'Olympiad',
            render: (a: AttachmentRow) => (a.olympiadId == null ? 'Site-wide' : `#${a.olympiadId}`),
          },
        ]),
    {
      key: 'actions',
      label: 'Actions',
      render: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Download ${a.filename}`}
            onClick={() => download.mutate({ path: `/attachment/api/${a.id}`, filename: a.filename })}
          >
            Download
          </Button>
          {mine(a) ? (
            <>
              <Button
                size="xs"
                variant="light"
                aria-label={`Rename ${a.filename}`}
                onClick={() => {
                  setRenaming(a);
                  setName(a.filename);
                }}
              >
                Rename
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete ${a.filename}`}
                onClick={() => setRemoving(a)}
              >
                Delete
              </Button>
            </>
          ) : (
            <Text size="xs" c="dimmed">
              site-wide
            </Text>
          )}
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        eyebrow={olympiad?.title}
        title="File attachments"
        description="Files to attach to mass mail: PDF, images, Word, Excel, PowerPoint, text or CSV, up to 10 MB. The type is checked from the file itself."
        actions={
          <FileButton
            accept={ACCEPT}
            onChange={(file) => file && uploadFile.mutate({ file, olympiadId: olympiad?.id })}
          >
            {(props) => (
              <Button {...props} loading={uploadFile.isPending} disabled={scoped && !olympiad}>
                Upload a file
              </Button>
            )}
          </FileButton>
        }
      />
      <PagedTable
        label="File attachments"
        columns={columns}
        rows={rows.data?.items}
        total={rows.data?.total ?? 0}
        rowKey={(a) => a.id}
        list={list}
        loading={rows.isFetching}
        error={rows.error}
        searchPlaceholder="Search by file name"
        empty="No files yet."
      />
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title="Rename the file">
        <Stack>
          <TextInput
            label="Name recipients see"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={rename.error?.message}
          />
          <Group justify="flex-end">
            <Button
              loading={rename.isPending}
              onClick={() =>
                renaming &&
                rename.mutate(
                  { id: renaming.id, uploadId: renaming.uploadId, filename: name.trim() },
                  {
                    onSuccess: () => setRenaming(null),
                  },
                )
              }
            >
              Save
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Confirm
        opened={removing !== null}
        title="Delete this file?"
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate({ id: removing.id, uploadId: removing.uploadId }, { onSuccess: () => setRemoving(null) })
        }
      >
        {removing ? (
          <>
            <b>{removing.filename}</b> will be deleted and no longer offered to mass mail. This cannot be undone.
          </>
        ) : null}
      </Confirm>
    </>
  );
}

/** /overlord/uploads: every stored file. */
export function UploadsPage() {
  const list = useListParams('createdAt');
  useNewestFirst(list);
  const rows = useUploads(list.params);
  const uploadFile = useUploadFile();
  const remove = useDeleteUpload();
  const download = useDownload();
  const [removing, setRemoving] = useState<UploadRow | null>(null);
  const columns: Column<UploadRow>[] = [
    {
      key: 'name',
      label: 'File',
      sortable: true,
      render: (u) => (
        <Text size="sm" fw={600}>
          {u.originalName}
        </Text>
      ),
    },
    {
      key: 'stored',
      label: 'Stored as',
      render: (u) => (
        <Text size="xs" c="dimmed">
          {u.filename}
        </Text>
      ),
    },
    { key: 'size', label: 'Size', sortable: true, render: (u) => fileSize(u.size) },
    { key: 'type', label: 'Type', sortable: true, render: (u) => u.contentType.split(';')[0] },
    { key: 'createdAt', label: 'Uploaded', sortable: true, render: (u) => when(u.createdAt) },
    {
      key: 'actions',
      label: 'Actions',
      render: (u) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Download ${u.originalName}`}
            onClick={() => download.mutate({ path: `/upload/api/${u.id}`, filename: u.originalName })}
          >
            Download
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Delete ${u.originalName}`}
            onClick={() => setRemoving(u)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Uploads"
        description="Every file stored by Olympus. Deleting a file also removes it from the attachments that use it."
        actions={
          <FileButton accept={ACCEPT} onChange={(file) => file && uploadFile.mutate({ file })}>
            {(props) => (
              <Button {...props} loading={uploadFile.isPending}>
                Upload a file
              </Button>
            )}
          </FileButton>
        }
      />
      <PagedTable
        label="Uploads"
        columns={columns}
        rows={rows.data?.items}
        total={rows.data?.total ?? 0}
        rowKey={(u) => u.id}
        list={list}
        loading={rows.isFetching}
        error={rows.error}
        searchPlaceholder="Search by file name"
        empty="No files yet."
      />
      <Confirm
        opened={removing !== null}
        title="Delete this file?"
        confirmLabel="Delete"
        color="red"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate({ id: removing.id, filename: removing.filename }, { onSuccess: () => setRemoving(null) })
        }
      >
        {removing ? (
          <>
            <b>{removing.originalName}</b> will be deleted, and with it every attachment that uses it. This cannot be
            undone.
          </>
        ) : null}
      </Confirm>
    </>
  );
}
