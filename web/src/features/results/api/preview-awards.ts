import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AwardRule, AwardRuleInput, ResultsPreview } from '#contract/results';
import { api } from '../../../lib/api/index.js';
import { resultsKeys } from './keys.js';

/**
 * POST /olympiad/results/{olympiadId}/preview: what a rule gives on the final scores now. A read that posts its
 * rule: asked in the background (no global loader) whenever the rule changes and is valid; nothing is stored.
 */
export const usePreviewAwards = (olympiadId: number | undefined, rule: AwardRule | null) =>
  useQuery({
    queryKey: resultsKeys.preview(olympiadId, rule),
    queryFn: () =>
      api.post(`/olympiad/results/${olympiadId}/preview`, {
        body: rule ? { awardRule: rule } : {},
        schema: ResultsPreview,
        background: true,
      }),
    enabled: olympiadId != null && (rule == null || AwardRuleInput.safeParse(rule).success),
    placeholderData: keepPreviousData,
  });
