import { CopyImageUploaded } from '#contract/copy';
import { apiUpload } from '../../../lib/api/index.js';

/**
 * POST website-copy/v-rest/image?olympiadId (website copy) or api/site-copy/image (the platform pages): stores
 * an image and answers its public address, which the editor puts in the text.
 */
export async function uploadCopyImage(file: File, olympiadId: number | null): Promise<string> {
  const res =
    olympiadId == null
      ? await apiUpload('/api/site-copy/image', file, { schema: CopyImageUploaded })
      : await apiUpload('/website-copy/v-rest/image', file, { query: { olympiadId }, schema: CopyImageUploaded });
  return res.url;
}
