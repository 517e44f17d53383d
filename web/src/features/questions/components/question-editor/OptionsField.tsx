import {
  ActionIcon,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { imageTypes } from './ImageField.js';
import { newOptionId, type QuestionForm, type Values } from './form-values.js';

/** Single and multiple choice keep at most 12 options (the newer types may have 20). */
const maxChoiceOptions = 12;

/**
 * A choice question's options with the correct one(s) marked: a radio for single choice, boxes for multiple. Each
 * option may keep its place when the options are shuffled ("All of the above" last), and the question may keep
 * them all in the order written (QTI's `fixed` and `shuffle`, decision 081).
 */
export function OptionsField({
  form,
  uploading,
  onImage,
}: {
  form: QuestionForm;
  uploading: boolean;
  /** Upload an option's image and put its address on the option. */
  onImage: (index: number, file: File | null) => void;
}) {
  const v = form.values;
  const rows = (marker: (id: string) => ReactNode) =>
    v.options.map((o, i) => (
      <OptionRow
        key={o.id}
        option={o}
        inputProps={form.getInputProps(`options.${i}.text`)}
        fixed={o.fixed === true}
        onFixed={(fixed) => form.setFieldValue(`options.${i}.fixed`, fixed)}
        shuffled={v.shuffle}
        uploading={uploading}
        canRemove={v.options.length > 2}
        onImage={(f) => onImage(i, f)}
        onRemove={() => form.removeListItem('options', i)}
        marker={marker(o.id)}
      />
    ));
  const addOption = () => {
    form.insertListItem('options', { id: newOptionId(v.options), text: '', imageUrl: null });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Options {v.type === 'single' ? '(choose the correct one)' : '(tick every correct one)'}
      </Text>
      {v.type === 'single' ? (
        <Radio.Group
          value={v.correctSingle ?? ''}
          onChange={(id) => form.setFieldValue('correctSingle', id)}
          error={form.errors.correctSingle}
          aria-label="Correct option"
        >
          <Stack gap="xs">
            {rows((id) => (
              <Radio value={id} aria-label={`Option ${id.toUpperCase()} is correct`} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Checkbox.Group
          value={v.correctMultiple}
          onChange={(ids) => form.setFieldValue('correctMultiple', ids)}
          error={form.errors.correctMultiple}
          aria-label="Correct options"
        >
          <Stack gap="xs">
            {rows((id) => (
              <Checkbox value={id} aria-label={`Option ${id.toUpperCase()} is correct`} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {form.errors.options ? (
        <Text c="red" size="sm">
          {form.errors.options}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" size="xs" onClick={addOption} disabled={v.options.length >= maxChoiceOptions}>
          Add an option
        </Button>
      </Group>
      <Switch
        label="Shuffle the options for each learner"
        description="When the olympiad shuffles options. Options kept in place stay where they are."
        checked={v.shuffle}
        onChange={(e) => form.setFieldValue('shuffle', e.currentTarget.checked)}
      />
    </Stack>
  );
}

interface OptionRowProps {
  option: Values['options'][number];
  inputProps: ReturnType<QuestionForm['getInputProps']>;
  marker: ReactNode;
  uploading: boolean;
  canRemove: boolean;
  fixed: boolean;
  onFixed: (fixed: boolean) => void;
  /** Whether the question shuffles: keeping a place only means something then. */
  shuffled: boolean;
  onImage: (file: File | null) => void;
  onRemove: () => void;
}

function OptionRow(props: OptionRowProps) {
  const { option, inputProps, marker, uploading, canRemove, fixed, onFixed, shuffled, onImage, onRemove } = props;
  const label = option.id.toUpperCase();
  return (
    <Group wrap="nowrap" align="center" gap="xs">
      {marker}
      <Text fw={600} w={18} aria-hidden="true">
        {label}
      </Text>
      <TextInput aria-label={`Option ${label}`} style={{ flex: 1 }} {...inputProps} />
      {option.imageUrl ? <Image src={option.imageUrl} alt="" h={32} w="auto" /> : null}
      <FileButton accept={imageTypes} onChange={onImage}>
        {(props) => (
          // Its name says what it does to which option, and begins with the words it shows (WCAG 2.5.3).
          <Button
            variant="subtle"
            size="compact-sm"
            aria-label={option.imageUrl ? `Replace image of option ${label}` : `Add image to option ${label}`}
            loading={uploading}
            style={{ flexShrink: 0 }}
            {...props}
          >
            {option.imageUrl ? 'Replace image' : 'Add image'}
          </Button>
        )}
      </FileButton>
      <Switch
        size="xs"
        label="Keep in place"
        aria-label={`Keep option ${label} in place`}
        checked={fixed}
        disabled={!shuffled}
        onChange={(e) => onFixed(e.currentTarget.checked)}
        style={{ flexShrink: 0 }}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Remove option ${label}`}
        disabled={!canRemove}
        onClick={onRemove}
      >
        ✕
      </ActionIcon>
    </Group>
  );
}
