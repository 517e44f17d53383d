import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/index.js';

/** GET learner/v-rest/template?format: an empty spreadsheet with the columns the import reads. */
export function downloadTemplate(format: 'xlsx' | 'csv') {
  return downloadFile('/learner/v-rest/template', `learners-template.${format}`, { format });
}

export const useDownloadTemplate = () =>
  useMutation({ mutationFn: downloadTemplate, meta: { error: 'The template was not downloaded' } });
