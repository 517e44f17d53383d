import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/index.js';
import { translate } from '../../../lib/i18n/index.js';

/**
 * GET learner/v-rest/template?format&olympiadId: an empty spreadsheet with the columns the import reads (a country
 * olympiad's has a date-of-birth column too).
 */
export function downloadTemplate({ format, olympiadId }: { format: 'xlsx' | 'csv'; olympiadId?: number }) {
  const name = olympiadId == null ? 'learners-template' : 'template';
  return downloadFile('/learner/v-rest/template', `${name}.${format}`, {
    format,
    ...(olympiadId == null ? {} : { olympiadId }),
  });
}

export const useDownloadTemplate = () =>
  useMutation({ mutationFn: downloadTemplate, meta: { error: translate('portal.notice.templateFailed') } });
