import type { GrantRecord, OlympiadRecord, Project, SubProject } from '../../../contract/olympiads.js';
import type { GrantRow, OlympiadRow, ProjectRow, SubProjectRow } from './queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentProject(p: ProjectRow): Project {
  return {
    id: p.id,
    projectName: p.projectName,
    title: p.title,
    seoTitle: p.seoTitle,
    shareTitle: p.shareTitle,
    description: p.description,
    keywords: p.keywords,
    olympiadCount: p.olympiadCount,
    subProjectCount: p.subProjectCount,
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function presentSubProject(s: SubProjectRow): SubProject {
  return {
    id: s.id,
    projectId: s.projectId,
    projectName: s.projectName,
    name: s.name,
    title: s.title,
    description: s.description,
    position: s.position,
  };
}

export function presentOlympiad(o: OlympiadRow, can: OlympiadRecord['can']): OlympiadRecord {
  return {
    id: o.id,
    projectId: o.projectId,
    projectName: o.projectName,
    subProjectId: o.subProjectId,
    varName: o.varName,
    title: o.title,
    year: o.year,
    kind: o.kind,
    open: o.open,
    pinned: o.pinned,
    startsAt: iso(o.startsAt),
    endsAt: iso(o.endsAt),
    durationMinutes: o.durationMinutes,
    feeCents: o.feeCents,
    currency: o.currency,
    instructions: o.instructions,
    declaration: o.declaration,
    shuffleOptions: o.shuffleOptions,
    showScore: o.showScore,
    languages: o.languages,
    updatedAt: o.updatedAt.toISOString(),
    can,
  };
}

export function presentGrant(g: GrantRow): GrantRecord {
  return {
    userId: g.userId,
    olympiadId: g.olympiadId,
    role: g.role,
    username: g.username,
    name: `${g.firstName} ${g.lastName}`.trim() || g.username,
    email: g.email,
    createdAt: g.createdAt.toISOString(),
  };
}
