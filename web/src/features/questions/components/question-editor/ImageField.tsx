import { Button, FileButton, Group, Image, Text, TextInput } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import type { Area } from '#contract/questions';
import { scaleArea } from './areas.js';
import type { QuestionForm } from './form-values.js';

export const imageTypes = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The question's image: add, replace or remove it, and describe it for screen readers. Its own size in pixels is read
 * when it loads, the unit of the areas drawn on it (the server reads it again from the file); a picture replaced by
 * one of another size takes its areas along. A picture question shows it large with its areas beneath.
 */
export function ImageField({
  form,
  uploading,
  onImage,
  picture = false,
}: {
  form: QuestionForm;
  uploading: boolean;
  onImage: (file: File | null) => void;
  /** A question that is its picture (hotspot, select point, graphic gap match). */
  picture?: boolean;
}) {
  const { imageUrl, imageAlt, imageWidth, imageHeight } = form.values;
  const measured = (e: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
    if (!(w > 0 && h > 0) || (w === imageWidth && h === imageHeight)) return;
    if (!imageWidth || !imageHeight) return form.setValues({ imageWidth: w, imageHeight: h });
    // A picture replaced by one of another size: its areas keep their places on it.
    const v = form.getValues();
    const scale = <T extends { area?: Area }>(x: T): T =>
      x.area ? { ...x, area: scaleArea(x.area, w / imageWidth, h / imageHeight) } : x;
    form.setValues({
      imageWidth: w,
      imageHeight: h,
      options: v.options.map(scale),
      targets: v.targets.map(scale),
      keyAreas: v.keyAreas.map((k) => ({ ...k, area: scaleArea(k.area, w / imageWidth, h / imageHeight) })),
    });
  };
  const add = picture ? 'Add the picture' : 'Add an image';
  return (
    <>
      <Group align="flex-end" wrap="wrap">
        {imageUrl ? (
          <Image
            key={imageUrl}
            src={imageUrl}
            alt={imageAlt || 'Question image'}
            h={90}
            w="auto"
            radius="sm"
            onLoad={measured}
            data-testid="question-image"
          />
        ) : null}
        <FileButton accept={imageTypes} onChange={onImage}>
          {(props) => (
            // Named for the question, as the options' image buttons are named for their option; each name begins
            // with the words the button shows (WCAG 2.5.3).
            <Button
              variant="default"
              loading={uploading}
              aria-label={imageUrl ? 'Replace image of the question' : `${add} to the question`}
              {...props}
            >
              {imageUrl ? 'Replace image' : add}
            </Button>
          )}
        </FileButton>
        {imageUrl ? (
          <Button
            variant="subtle"
            color="red"
            aria-label="Remove image from the question"
            onClick={() => form.setValues({ imageUrl: null, imageAlt: '', imageWidth: null, imageHeight: null })}
          >
            Remove image
          </Button>
        ) : null}
      </Group>
      {form.errors.imageUrl ? (
        <Text c="red" size="sm">
          {form.errors.imageUrl}
        </Text>
      ) : null}
      {imageUrl ? (
        <TextInput label="Image description (for screen readers)" required {...form.getInputProps('imageAlt')} />
      ) : null}
    </>
  );
}
