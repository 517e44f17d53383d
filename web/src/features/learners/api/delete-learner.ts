import { useMutation } from '@tanstack/react-query';
import { Ok } from '#contract/errors';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** DELETE learner/v-rest/{id} */
export function deleteLearner(id: number) {
  return api.delete(`/learner/v-rest/${id}`, { schema: Ok });
}

export const useDeleteLearner = () =>
  useMutation({
    mutationFn: deleteLearner,
    meta: {
      success: translate('portal.notice.removed'),
      invalidates: [learnersKeys.list.prefix, learnersKeys.team.prefix],
    },
  });
