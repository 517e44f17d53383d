import { Button, FileButton, Group, Image, TextInput } from '@mantine/core';
import type { QuestionForm } from './values.js';

export const imageTypes = 'image/png,image/jpeg,image/gif,image/webp';

/** The question's image: add, replace or remove it, and describe it for screen readers. */
export function ImageField({
  form,
  uploading,
  onImage,
}: {
  form: QuestionForm;
  uploading: boolean;
  onImage: (file: File | null) => void;
}) {
  const { imageUrl, imageAlt } = form.values;
  return (
    <>
      <Group align="flex-end" wrap="wrap">
        {imageUrl ? <Image src={imageUrl} alt={imageAlt || 'Question image'} h={90} w="auto" radius="sm" /> : null}
        <FileButton accept={imageTypes} onChange={onImage}>
          {(props) => (
            // Named for the question, as the options' image buttons are named for their option; each name begins
            // with the words the button shows (WCAG 2.5.3).
            <Button
              variant="default"
              loading={uploading}
              aria-label={imageUrl ? 'Replace image of the question' : 'Add an image to the question'}
              {...props}
            >
              {imageUrl ? 'Replace image' : 'Add an image'}
            </Button>
          )}
        </FileButton>
        {imageUrl ? (
          <Button
            variant="subtle"
            color="red"
            aria-label="Remove image from the question"
            onClick={() => form.setValues({ imageUrl: null, imageAlt: '' })}
          >
            Remove image
          </Button>
        ) : null}
      </Group>
      {imageUrl ? (
        <TextInput label="Image description (for screen readers)" required {...form.getInputProps('imageAlt')} />
      ) : null}
    </>
  );
}
