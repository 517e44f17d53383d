import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PossibleMatch } from '#contract/schools';
import { api } from '../../../lib/api/index.js';
import { eoiKeys } from './keys.js';

const Matches = z.object({ success: z.literal(true), items: z.array(PossibleMatch) });

/** GET expression-of-interest/rest/get-possible-matches?expressionId: registered schools it may be. */
export const listPossibleMatches = (expressionId: number | null) =>
  api.get('/expression-of-interest/rest/get-possible-matches', { query: { expressionId }, schema: Matches });

export const usePossibleMatches = (expressionId: number | null) =>
  useQuery({
    queryKey: eoiKeys.matches(expressionId),
    queryFn: () => listPossibleMatches(expressionId),
    select: (d) => d.items,
    enabled: expressionId != null,
  });
