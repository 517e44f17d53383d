import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../../lib/api/index.js';

/** GET attachment/api/{id}, upload/api/{id}, unsubscribe/v-rest/?format=csv: a stored file, saved under its name. */
export const useDownload = () =>
  useMutation({
    mutationFn: ({ path, filename }: { path: string; filename: string }) => downloadFile(path, filename),
    meta: { error: 'The download failed' },
  });
