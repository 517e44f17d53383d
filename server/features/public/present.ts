import type { PublicOlympiad, PublicProject } from '#contract/public';
import { isoOrNull } from '../../platform/dates.js';
import type { OlympiadRow, ProjectRow } from './queries.js';

export function presentOlympiad(o: OlympiadRow): PublicOlympiad {
  return {
    id: o.id,
    varName: o.varName,
    title: o.title,
    year: o.year,
    kind: o.kind,
    open: o.open,
    pinned: o.pinned,
    startsAt: isoOrNull(o.startsAt),
    endsAt: isoOrNull(o.endsAt),
    durationMinutes: o.durationMinutes,
    projectName: o.projectName,
  };
}

export function presentProject(p: ProjectRow, olympiads: OlympiadRow[]): PublicProject {
  return {
    id: p.id,
    projectName: p.projectName,
    title: p.title,
    seoTitle: p.seoTitle || p.title,
    shareTitle: p.shareTitle || p.title,
    description: p.description,
    keywords: p.keywords,
    olympiads: olympiads.filter((o) => o.projectId === p.id).map(presentOlympiad),
  };
}
