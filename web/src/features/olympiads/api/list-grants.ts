import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { GrantRecord } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { grantKeys } from './keys.js';

const GrantList = z.object({ success: z.literal(true), items: z.array(GrantRecord) });

/** GET olympiad-grant/v-rest/?olympiadId */
export const listGrants = (olympiadId: number | null) =>
  api.get('/olympiad-grant/v-rest/', { query: { olympiadId }, schema: GrantList });

export const useGrants = (olympiadId: number | null) =>
  useQuery({
    queryKey: grantKeys.list(olympiadId),
    queryFn: () => listGrants(olympiadId),
    select: (data) => data.items,
    enabled: olympiadId != null,
  });
