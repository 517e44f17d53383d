import {
  Button,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { certificateFieldKinds, certificateFonts } from '#contract/certificates';
import type { DesignForm } from './design-form.js';
import { type FieldValues, fieldKindLabels, fontLabels, isImageField, placeholders } from './fields.js';

const kindOptions = certificateFieldKinds.map((kind) => ({ value: kind, label: fieldKindLabels[kind] }));
const fontOptions = certificateFonts.map((font) => ({ value: font, label: fontLabels[font] }));
const alignOptions = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
];

/**
 * The selected field's settings: what it prints, its wording, where it sits and how big it is (points), its font,
 * alignment and colour. The number inputs are how a keyboard moves a field exactly.
 */
export function FieldPanel({
  form,
  path,
  field,
  index,
  onRemove,
}: {
  form: DesignForm;
  /** The field's form path, e.g. `default.fields.2`. */
  path: string;
  field: FieldValues;
  index: number;
  onRemove: () => void;
}) {
  const image = isImageField(field.kind);
  const number = (name: 'x' | 'y' | 'width' | 'size', label: string, max: number) => (
    <NumberInput
      label={label}
      min={name === 'size' ? 4 : name === 'width' ? 1 : 0}
      max={max}
      step={1}
      clampBehavior="blur"
      allowDecimal={false}
      suffix=" pt"
      {...form.getInputProps(`${path}.${name}`)}
    />
  );
  return (
    <Stack component="section" gap="sm" aria-labelledby="field-panel-title">
      <Title order={3} size="h5" id="field-panel-title">
        Field {index + 1}: {fieldKindLabels[field.kind]}
      </Title>
      <Select
        label="What it prints"
        data={kindOptions}
        allowDeselect={false}
        searchable={false}
        {...form.getInputProps(`${path}.kind`)}
      />
      {field.kind === 'signature' ? (
        <TextInput
          label="Signatory"
          description={`Printed on the line while this design has no signature image, e.g. a name or {olympiad}. Placeholders: ${placeholders.map((p) => `{${p}}`).join(' ')}`}
          maxLength={500}
          {...form.getInputProps(`${path}.text`)}
          // A signature field made before signatories existed has no text: the box shows it empty.
          value={field.text ?? ''}
        />
      ) : null}
      {field.kind === 'text' ? (
        <Textarea
          label="Wording"
          description={`Placeholders: ${placeholders.map((p) => `{${p}}`).join(' ')}`}
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps(`${path}.text`)}
        />
      ) : null}
      <SimpleGrid cols={2} spacing="sm">
        {number('x', 'From the left', 2000)}
        {number('y', 'From the top', 2000)}
        {number('width', 'Width', 2000)}
        {number('size', image ? 'Height' : 'Font size', 400)}
      </SimpleGrid>
      {image ? (
        <Text size="xs" c="dimmed">
          {field.kind === 'qr'
            ? 'The QR code is a square of this height; scanning it opens the certificate’s public check.'
            : 'The signature image is scaled to this height, within the width; the signatory prints at 0.4 of it.'}
        </Text>
      ) : null}
      {image && field.kind !== 'signature' ? null : (
        <>
          <Select label="Font" data={fontOptions} allowDeselect={false} {...form.getInputProps(`${path}.font`)} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`${path}-align`}>
              Alignment
            </Text>
            <SegmentedControl
              data={alignOptions}
              aria-labelledby={`${path}-align`}
              {...form.getInputProps(`${path}.align`)}
            />
          </Stack>
          <ColorInput
            label="Colour"
            format="hex"
            eyeDropperButtonProps={{ 'aria-label': 'Pick the colour from the screen' }}
            {...form.getInputProps(`${path}.colour`)}
          />
        </>
      )}
      <Group justify="flex-end">
        <Button size="xs" variant="subtle" color="red" onClick={onRemove}>
          Remove this field
        </Button>
      </Group>
    </Stack>
  );
}
