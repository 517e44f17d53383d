import type { GrantRecord, Language, OlympiadRecord, Project, SubProject } from '#contract/olympiads';
import type { Actor } from '../../http/actor.js';
import { iso, isoOrNull } from '../../platform/dates.js';
import type { OlympiadTranslations } from '#contract/questions';
import { presentTranslations } from '#contract/questions';
import { olympiadFlags, olympiadsPolicy } from './policy.js';
import type { GrantRow, OlympiadRow, ProjectRow, SubProjectRow } from './queries.js';

export function presentProject(p: ProjectRow): Project {
  return {
    id: p.id,
    projectName: p.projectName,
    title: p.title,
    seoTitle: p.seoTitle,
    shareTitle: p.shareTitle,
    description: p.description,
    keywords: p.keywords,
    olympiadCount: Number(p.olympiadCount),
    subProjectCount: Number(p.subProjectCount),
    updatedAt: iso(p.updatedAt),
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

/** An olympiad as its staff see it, with what the caller may do with it. */
export function presentOlympiad(actor: Actor, o: OlympiadRow): OlympiadRecord {
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
    startsAt: isoOrNull(o.startsAt),
    endsAt: isoOrNull(o.endsAt),
    durationMinutes: o.durationMinutes,
    feeCents: o.feeCents,
    currency: o.currency,
    teamSize: o.teamSize,
    minGrade: o.minGrade,
    maxGrade: o.maxGrade,
    instructions: o.instructions,
    declaration: o.declaration,
    shuffleOptions: o.shuffleOptions,
    showScore: o.showScore,
    paymentRequired: o.paymentRequired,
    languages: o.languages as Language[],
    defaultLanguage: o.defaultLanguage as Language,
    translations: presentTranslations(o.translations as OlympiadTranslations, o.verifierNames, (t) => ({
      instructions: t.instructions,
      declaration: t.declaration,
    })),
    updatedAt: iso(o.updatedAt),
    can: olympiadsPolicy.flags(actor, o, olympiadFlags),
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
    createdAt: iso(g.createdAt),
  };
}
