import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { StaffUser } from '#contract/olympiads';
import { api } from '../../../lib/api/index.js';
import { grantKeys } from './keys.js';

const StaffList = z.object({ success: z.literal(true), items: z.array(StaffUser) });

/** GET olympiad-grant/v-rest/staff-search?search */
export const searchStaff = (search: string) =>
  api.get('/olympiad-grant/v-rest/staff-search', { query: { search }, schema: StaffList });

export const useStaffSearch = (search: string) =>
  useQuery({
    queryKey: grantKeys.staff(search),
    queryFn: () => searchStaff(search),
    select: (data) => data.items,
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
