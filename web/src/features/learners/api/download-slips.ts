import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api/index.js';
import type { LearnerScope } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

export interface SlipsDownload {
  scope: LearnerScope;
  format: 'pdf' | 'csv';
  /** The file's name after `sign-in-slips-`. */
  name: string;
  /** Only these learners (e.g. those who just got new passwords); all of the school's when left out. */
  ids?: number[];
}

/** GET learner/v-rest/slips.{pdf|csv}: the learners' sign-in slips, saved as a file. */
export function downloadSlips({ scope, format, name, ids }: SlipsDownload) {
  return downloadFile(`/learner/v-rest/slips.${format}`, `sign-in-slips-${name}.${format}`, {
    ...scope,
    ...(ids?.length ? { ids: ids.join(',') } : {}),
  });
}

export const useDownloadSlips = () =>
  useMutation({ mutationFn: downloadSlips, meta: { error: translate('portal.notice.slipsFailed') } });
