import { useMutation } from '@tanstack/react-query';
import { ImageUploaded } from '#contract/authoring';
import { apiUpload } from '../../../lib/api/index.js';

/** POST /question/image?olympiadId: answers the image's address. */
export const uploadQuestionImage = ({ olympiadId, file }: { olympiadId: number; file: File }) =>
  apiUpload('/question/image', file, { query: { olympiadId }, schema: ImageUploaded });

export const useUploadQuestionImage = () =>
  useMutation({ mutationFn: uploadQuestionImage, meta: { error: 'The upload failed' } });
