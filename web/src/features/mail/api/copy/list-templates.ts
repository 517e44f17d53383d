import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { TemplateKindInfo } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const TemplateList = z.object({ success: z.literal(true), items: z.array(TemplateKindInfo) });

/** GET email-template/v-rest/?olympiadId (none: the site-wide copy) */
export function listTemplates(olympiadId: number | undefined) {
  return api.get('/email-template/v-rest/', { query: { olympiadId }, schema: TemplateList });
}

export const useTemplates = (olympiadId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: mailKeys.templates(olympiadId),
    queryFn: () => listTemplates(olympiadId),
    select: (d) => d.items,
    enabled,
  });
