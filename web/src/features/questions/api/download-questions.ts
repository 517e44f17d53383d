import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/index.js';

/** GET a module's questions as a file, or the import template (xlsx, csv or QTI). */
export const downloadQuestions = ({ path, name }: { path: string; name: string }) => downloadFile(path, name);

export const useDownloadQuestions = () =>
  useMutation({ mutationFn: downloadQuestions, meta: { error: 'The download failed' } });
