import { z } from 'zod';

/** An olympiad as the public and the sign-in pages see it. */
export const PublicOlympiad = z.object({
  id: z.number().int(),
  varName: z.string(),
  title: z.string(),
  year: z.number().int(),
  kind: z.enum(['school', 'country']),
  open: z.boolean(),
  pinned: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  projectName: z.string(),
});
export type PublicOlympiad = z.infer<typeof PublicOlympiad>;

/** A project: a public site with its own search-engine metadata (docs/spec.md §1). */
export const PublicProject = z.object({
  id: z.number().int(),
  projectName: z.string(),
  title: z.string(),
  seoTitle: z.string(),
  shareTitle: z.string(),
  description: z.string(),
  keywords: z.string(),
  olympiads: z.array(PublicOlympiad),
});
export type PublicProject = z.infer<typeof PublicProject>;

/** GET olympus-suite/api/projects/?showUpcoming */
export const ProjectsQuery = z.strictObject({ showUpcoming: z.enum(['true', 'false']).optional() });
export const ProjectList = z.object({ success: z.literal(true), items: z.array(PublicProject) });
export const ProjectResult = z.object({ success: z.literal(true), project: PublicProject });
export const OlympiadResult = z.object({ success: z.literal(true), olympiad: PublicOlympiad });
