import { OlympiadResult, type PublicOlympiad } from '#contract/index';
import { ok, type Routes } from './api.js';

/** The olympiad a staff page names in its address (`/:olympiadName/...`), as the public API answers it. */
export const geo2026: PublicOlympiad = {
  id: 3,
  varName: 'geo-2026',
  title: 'Geography Olympiad 2026',
  year: 2026,
  kind: 'school',
  open: true,
  pinned: false,
  startsAt: '2026-05-14T06:00:00.000Z',
  endsAt: '2026-05-14T15:00:00.000Z',
  durationMinutes: 60,
  minGrade: 8,
  maxGrade: 12,
  projectName: 'geo',
};

/** The route that answers `useRouteOlympiad()` for geo2026. */
export const routeOlympiad: Routes = {
  'GET /website/api/olympiad/geo-2026': ok(OlympiadResult, { success: true, olympiad: geo2026 }),
};
