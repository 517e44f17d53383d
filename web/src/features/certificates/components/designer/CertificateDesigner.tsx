import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  List,
  Menu,
  ScrollArea,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { CertificateConfig, type CertificateKindInfo, certificateFieldKinds } from '#contract/certificates';
import { saveBlob } from '../../../../lib/api/index.js';
import { formatDate } from '../../../../lib/dates.js';
import { useSchemaForm } from '../../../../lib/forms/index.js';
import { useCertificateFile } from '../../api/get-file.js';
import { useCertificateFonts } from '../../api/get-fonts.js';
import { usePreviewCertificate } from '../../api/preview-certificate.js';
import { useSaveCertificateConfig } from '../../api/save-config.js';
import { CertificateCanvas } from './CertificateCanvas.js';
import { DEFAULT_KIND, templateAt, templatePath } from './design-form.js';
import { FieldPanel } from './FieldPanel.js';
import {
  clampToPage,
  fieldKindLabels,
  fieldText,
  newField,
  pageSize,
  sampleValues,
  type TemplateValues,
} from './fields.js';
import classes from './CertificateDesigner.module.css';
import { TemplateFiles } from './TemplateFiles.js';

/** A server or schema error's path (`default.fields.2.x`) in words, with the field it points at. */
function describeError(path: string, kinds: CertificateKindInfo[]) {
  const parts = path.split('.');
  const [root, ...rest] = parts;
  const kind = root === 'templates' ? (rest.shift() ?? '') : DEFAULT_KIND;
  const kindLabel = kind === DEFAULT_KIND ? 'Default design' : (kinds.find((k) => k.key === kind)?.label ?? kind);
  const fieldIndex = rest[0] === 'fields' && rest[1] ? Number(rest[1]) : null;
  return { kind, fieldIndex, where: fieldIndex == null ? kindLabel : `${kindLabel}, field ${fieldIndex + 1}` };
}

/**
 * The certificate designer: a kind's template (or the default one) on a canvas to scale, its fields dragged into
 * place or set exactly in the field panel, the page's background and signature, a preview with a real learner,
 * and Save (the server checks the whole design again).
 */
export function CertificateDesigner({
  olympiadId,
  olympiadTitle,
  config,
  kinds,
  updatedAt,
  publicUrl,
}: {
  olympiadId: number;
  olympiadTitle: string;
  config: CertificateConfig;
  kinds: CertificateKindInfo[];
  updatedAt: string | null;
  /** The server's public address (PUBLIC_URL), which the PDF prints in "verify at …" and its QR code. */
  publicUrl: string;
}) {
  const form = useSchemaForm<CertificateConfig, CertificateConfig>({
    schema: CertificateConfig,
    initialValues: config,
    mode: 'controlled',
  });
  const save = useSaveCertificateConfig();
  const preview = usePreviewCertificate();
  const [kind, setKind] = useState<string>(DEFAULT_KIND);
  const [selected, setSelected] = useState<number | null>(null);
  const [last, setLast] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => () => (last ? URL.revokeObjectURL(last.url) : undefined), [last]);

  const values = form.values;
  const path = templatePath(values, kind);
  const template = templateAt(values, path);
  const page = pageSize(template.orientation);
  const ownTemplate = kind !== DEFAULT_KIND && path !== 'default';
  const kindLabel = kinds.find((k) => k.key === kind)?.label ?? kind;
  const field = selected != null ? template.fields[selected] : undefined;
  // The address the PDF prints, not the browser's: the admin may reach the server by another name than the
  // certificates give (or by localhost, while they print the real one).
  const sample = useMemo(() => sampleValues(olympiadTitle, new Date(), publicUrl), [olympiadTitle, publicUrl]);
  const fontsReady = useCertificateFonts(olympiadId);
  const background = useCertificateFile(olympiadId, template.backgroundFileId);
  const signature = useCertificateFile(olympiadId, template.signatureFileId);

  const chooseKind = (next: string | null) => {
    setKind(next ?? DEFAULT_KIND);
    setSelected(null);
  };
  const ownDesign = () => {
    form.setFieldValue(`templates.${kind}`, structuredClone(values.default));
  };
  const useDefault = () => {
    const templates = { ...values.templates };
    delete templates[kind];
    form.setFieldValue('templates', templates);
    setSelected(null);
  };
  const move = (index: number, position: { x: number; y: number }) => {
    form.setFieldValue(`${path}.fields.${index}.x`, position.x);
    form.setFieldValue(`${path}.fields.${index}.y`, position.y);
  };
  const addField = (fieldKind: (typeof certificateFieldKinds)[number]) => {
    form.insertListItem(`${path}.fields`, newField(fieldKind, page));
    setSelected(template.fields.length);
  };
  const removeField = (index: number) => {
    form.removeListItem(`${path}.fields`, index);
    setSelected(null);
  };
  const setOrientation = (orientation: TemplateValues['orientation']) => {
    if (orientation === template.orientation) return;
    const next = pageSize(orientation);
    // The fields keep their place relative to the page, and stay on it.
    const fields = template.fields.map((f) => {
      const scaled = { ...f, width: Math.min(f.width, next.width) };
      return {
        ...scaled,
        ...clampToPage(scaled, next, (f.x * next.width) / page.width, (f.y * next.height) / page.height),
      };
    });
    form.setFieldValue(path, { ...template, orientation, fields });
  };
  const showPreview = () => {
    const parsed = CertificateConfig.safeParse(values);
    if (!parsed.success) {
      form.validate();
      return;
    }
    // A tab opened now (while the click still counts) is not blocked as a pop-up; it gets the PDF when it is made.
    const tab = window.open('', '_blank');
    preview.mutate(
      { olympiadId, config: parsed.data, kind: kind === DEFAULT_KIND ? undefined : kind },
      {
        onSuccess: (blob) => {
          const url = URL.createObjectURL(blob);
          setLast({ blob, url });
          if (tab) tab.location.href = url;
        },
        onError: () => tab?.close(),
      },
    );
  };

  const errors = Object.entries(form.errors).filter(([, message]) => !!message);
  return (
    <form
      onSubmit={form.onSubmit((config) =>
        save.mutate(
          { olympiadId, config },
          { onSuccess: (answer) => form.resetDirty(answer.config), onError: form.setServerErrors },
        ),
      )}
      noValidate
    >
      <Stack gap="lg">
        <Alert color="blue" variant="light" hiddenFrom="sm" title="A small screen">
          Use a larger screen to design: dragging fields needs room. Preview and Save still work here.
        </Alert>
        <Card withBorder radius="md" padding="md">
          <Group align="flex-end" justify="space-between" gap="md" wrap="wrap">
            <Select
              label="Certificate kind"
              description="The default design prints every kind that has none of its own."
              data={[
                { value: DEFAULT_KIND, label: 'Default design' },
                ...kinds.map((k) => ({
                  value: k.key,
                  label: values.templates[k.key] ? `${k.label} (own design)` : `${k.label} (uses the default)`,
                })),
              ]}
              value={kind}
              onChange={chooseKind}
              allowDeselect={false}
              w={{ base: '100%', sm: 340 }}
            />
            <Group gap="sm" wrap="wrap">
              <Button variant="default" onClick={showPreview} loading={preview.isPending}>
                Preview with a real learner
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Group>
          {kind !== DEFAULT_KIND ? (
            <Group mt="sm" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed">
                {ownTemplate
                  ? `${kindLabel} certificates have their own design.`
                  : `${kindLabel} certificates print with the default design: changes here change the default.`}
              </Text>
              {ownTemplate ? (
                <Button size="xs" variant="subtle" color="red" onClick={useDefault}>
                  Use the default design for {kindLabel}
                </Button>
              ) : (
                <Button size="xs" variant="light" onClick={ownDesign}>
                  Give {kindLabel} its own design
                </Button>
              )}
            </Group>
          ) : null}
          <Text size="xs" c="dimmed" mt="sm" role="status">
            {form.isDirty() ? 'Unsaved changes. ' : ''}
            {updatedAt ? `Last saved ${formatDate(updatedAt)}.` : 'Not saved yet: this is the suggested design.'}
            {last ? (
              <>
                {' '}
                <Anchor href={last.url} target="_blank" rel="noopener" size="xs">
                  Open the last preview
                </Anchor>{' '}
                ·{' '}
                <Anchor
                  component="button"
                  type="button"
                  size="xs"
                  onClick={() => saveBlob(last.blob, 'certificate-preview.pdf')}
                >
                  download it
                </Anchor>
              </>
            ) : null}
          </Text>
        </Card>
        {errors.length ? (
          <Alert color="red" title="The design cannot be saved yet">
            <List size="sm">
              {errors.map(([errorPath, message]) => {
                const at = describeError(errorPath, kinds);
                return (
                  <List.Item key={errorPath}>
                    <UnstyledButton
                      className={classes.errorLink}
                      onClick={() => {
                        setKind(at.kind);
                        setSelected(at.fieldIndex);
                      }}
                    >
                      {at.where}: {String(message)}
                    </UnstyledButton>
                  </List.Item>
                );
              })}
            </List>
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }} className={classes.canvasColumn}>
            <CertificateCanvas
              template={template}
              selected={selected}
              onSelect={setSelected}
              onMove={move}
              sample={sample}
              backgroundUrl={background.url}
              backgroundIsPdf={background.isPdf}
              signatureUrl={signature.url}
              fontsLoaded={fontsReady}
              label={`The ${kind === DEFAULT_KIND ? 'default' : kindLabel} certificate, ${template.orientation} A4`}
            />
            <Text size="xs" c="dimmed" mt="xs">
              Drag a field, or focus it and use the arrow keys (Shift moves 10 points). The canvas shows sample words;
              the preview prints a real learner.
            </Text>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between" mb="xs">
                  <Title order={2} size="h5">
                    Fields
                  </Title>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button size="xs" variant="light" disabled={template.fields.length >= 40}>
                        Add a field
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {certificateFieldKinds.map((k) => (
                        <Menu.Item key={k} onClick={() => addField(k)}>
                          {fieldKindLabels[k]}
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
                {template.fields.length ? (
                  <ScrollArea.Autosize mah={300} type="auto" scrollbars="y" offsetScrollbars>
                    <Stack gap={2} component="ul" className={classes.fieldList} aria-label="Fields of this design">
                      {template.fields.map((f, i) => (
                        <li key={i}>
                          <UnstyledButton
                            className={classes.fieldItem}
                            data-active={i === selected || undefined}
                            aria-pressed={i === selected}
                            onClick={() => setSelected(i)}
                          >
                            <Text size="sm" fw={500} span className={classes.fieldKind}>
                              {fieldKindLabels[f.kind]}
                            </Text>
                            <Text size="xs" c="dimmed" span truncate>
                              {f.kind === 'text' || f.kind === 'signature' ? ` ${fieldText(f, sample)}` : ''}
                            </Text>
                          </UnstyledButton>
                        </li>
                      ))}
                    </Stack>
                  </ScrollArea.Autosize>
                ) : (
                  <Text size="sm" c="dimmed">
                    No fields: add the learner’s name, the award and a verification code at least.
                  </Text>
                )}
              </Card>
              {field && selected != null ? (
                <Card withBorder radius="md" padding="md">
                  <FieldPanel
                    form={form}
                    path={`${path}.fields.${selected}`}
                    field={field}
                    index={selected}
                    onRemove={() => removeField(selected)}
                  />
                </Card>
              ) : (
                <Text size="sm" c="dimmed">
                  Select a field on the page or in the list to set its wording, place, size, font and colour.
                </Text>
              )}
              <Card withBorder radius="md" padding="md">
                <Title order={2} size="h5" mb="sm">
                  Page
                </Title>
                <TemplateFiles
                  form={form}
                  path={path}
                  template={template}
                  olympiadId={olympiadId}
                  onOrientation={setOrientation}
                />
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
