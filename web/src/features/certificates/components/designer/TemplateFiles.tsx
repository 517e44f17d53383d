import { Button, FileButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showAlert } from '../../../../lib/api/index.js';
import { CERTIFICATE_FILE_MAX_BYTES, useUploadCertificateFile } from '../../api/upload-file.js';
import type { DesignForm } from './design-form.js';
import type { TemplateValues } from './fields.js';

const backgroundTypes = 'application/pdf,image/png,image/jpeg';
const signatureTypes = 'image/png,image/jpeg';

/** One uploaded file of the template: upload, replace or remove it. */
function FileSlot({
  label,
  hint,
  accept,
  fileId,
  name,
  busy,
  onFile,
  onRemove,
}: {
  label: string;
  hint: string;
  accept: string;
  fileId: number | null;
  name: string | null;
  busy: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {fileId ? (name ?? `File ${fileId}`) : hint}
      </Text>
      <Group gap="xs">
        <FileButton accept={accept} onChange={(file) => file && onFile(file)}>
          {(props) => (
            <Button size="xs" variant="default" loading={busy} {...props}>
              {fileId ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            </Button>
          )}
        </FileButton>
        {fileId ? (
          <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The template's page: orientation, the background (PDF, PNG or JPEG) and the signature image (PNG or JPEG). */
export function TemplateFiles({
  form,
  path,
  template,
  olympiadId,
  onOrientation,
}: {
  form: DesignForm;
  path: string;
  template: TemplateValues;
  olympiadId: number;
  onOrientation: (orientation: TemplateValues['orientation']) => void;
}) {
  const upload = useUploadCertificateFile();
  // Names of files uploaded in this visit (the config keeps ids only).
  const [names, setNames] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<'background' | 'signature' | null>(null);
  const send = (slot: 'background' | 'signature', file: File) => {
    if (file.size > CERTIFICATE_FILE_MAX_BYTES) {
      showAlert(`The file is larger than ${CERTIFICATE_FILE_MAX_BYTES / 1024 / 1024} MB.`);
      return;
    }
    setBusy(slot);
    upload.mutate(
      { olympiadId, file },
      {
        onSuccess: (answer) => {
          setNames((n) => ({ ...n, [answer.fileId]: answer.name }));
          form.setFieldValue(`${path}.${slot}FileId`, answer.fileId);
        },
        onSettled: () => setBusy(null),
      },
    );
  };
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="orientation-label">
          Orientation
        </Text>
        <SegmentedControl
          aria-labelledby="orientation-label"
          data={[
            { value: 'landscape', label: 'Landscape' },
            { value: 'portrait', label: 'Portrait' },
          ]}
          value={template.orientation}
          onChange={(value) => onOrientation(value as TemplateValues['orientation'])}
        />
      </Stack>
      <FileSlot
        label="Background"
        hint="None: a plain page. Upload an A4 PDF, PNG or JPEG (a border, a crest)."
        accept={backgroundTypes}
        fileId={template.backgroundFileId}
        name={template.backgroundFileId ? (names[template.backgroundFileId] ?? null) : null}
        busy={busy === 'background'}
        onFile={(file) => send('background', file)}
        onRemove={() => form.setFieldValue(`${path}.backgroundFileId`, null)}
      />
      <FileSlot
        label="Signature"
        hint="None yet. Upload a PNG or JPEG of the signature, for signature fields."
        accept={signatureTypes}
        fileId={template.signatureFileId}
        name={template.signatureFileId ? (names[template.signatureFileId] ?? null) : null}
        busy={busy === 'signature'}
        onFile={(file) => send('signature', file)}
        onRemove={() => form.setFieldValue(`${path}.signatureFileId`, null)}
      />
    </Stack>
  );
}
