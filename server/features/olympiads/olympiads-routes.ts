import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { Ok, pageOf } from '#contract/errors';
import {
  OlympiadInput,
  OlympiadListQuery,
  OlympiadRecord,
  OlympiadResultBody,
  OlympiadSingleQuery,
  OlympiadUpdate,
  SetOpenParams,
  SetPinnedQuery,
  VerifyResult,
  groupBlockers,
} from '#contract/olympiads';
import { gradeRangeText } from '#contract/grades';
import { VerifyLanguageQuery } from '#contract/authoring';
import type { Queryable } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { olympiads } from '../../db/schema/index.js';
import type { Actor } from '../../http/actor.js';
import { badRequest, conflict, forbidden, invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findOlympiad, type Olympiad } from '../../platform/olympiad-lookup.js';
import { pageResult } from '../../platform/paging.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { olympiadLoader, olympiadsReach } from './load.js';
import { olympiadsPolicy, refusedFields } from './policy.js';
import { presentOlympiad } from './present.js';
import * as queries from './queries.js';
import { blockersOf } from './verify.js';
import { changeDefaultLanguage } from './default-language.js';
import type { OlympiadTranslations, PaperLanguage } from '#contract/questions';
import { lastTranslator } from '../../platform/audit.js';
import { languageName, otherLanguagesOf, withVerification } from '#contract/questions';
import { changedLanguages, checkTranslationLanguages, nextOlympiadTranslations } from './translations.js';
import { count } from '#contract/numbers';

const tags = ['olympiads'];
const { access } = olympiadsPolicy;

const varNameTaken = () =>
  conflict('An olympiad with this name already exists', [{ path: 'body.varName', message: 'This name is taken' }]);

/** The project must exist, and a sub-project must be one of the olympiad's project. */
async function checkProjectRefs(
  q: Queryable,
  projectId: number | undefined,
  subProjectId: number | null | undefined,
  currentProjectId?: number,
) {
  if (projectId !== undefined && !(await queries.findProject(q, projectId))) {
    throw invalid([{ path: 'body.projectId', message: 'This project does not exist' }]);
  }
  if (subProjectId != null && (await queries.subProjectOwner(q, subProjectId)) !== (projectId ?? currentProjectId)) {
    throw invalid([{ path: 'body.subProjectId', message: 'Choose a sub-project of the olympiad’s project' }]);
  }
}

/**
 * A new grade range (decision 045): it must not end below where it starts, and narrowing it must leave no loaded
 * learner outside (409 with how many, by grade: correct or remove them first).
 */
async function checkGradeRange(
  q: Queryable,
  before: Olympiad,
  body: { minGrade?: number | undefined; maxGrade?: number | undefined },
) {
  if (body.minGrade === undefined && body.maxGrade === undefined) return;
  const range = { minGrade: body.minGrade ?? before.minGrade, maxGrade: body.maxGrade ?? before.maxGrade };
  if (range.minGrade > range.maxGrade) {
    const path = body.maxGrade === undefined ? 'body.minGrade' : 'body.maxGrade';
    throw invalid([
      { path, message: `The lowest grade (${range.minGrade}) cannot be above the highest (${range.maxGrade})` },
    ]);
  }
  if (range.minGrade <= before.minGrade && range.maxGrade >= before.maxGrade) return;
  const outside = await queries.learnersOutside(q, before.id, range);
  const total = outside.reduce((n, g) => n + g.learners, 0);
  if (total === 0) return;
  const named = (list: typeof outside) => list.map((g) => `${g.learners} in grade ${g.grade}`).join(', ');
  const below = outside.filter((g) => g.grade < range.minGrade);
  const above = outside.filter((g) => g.grade > range.maxGrade);
  throw conflict(
    `${count(total, 'learner is', 'learners are')} loaded outside ${gradeRangeText(range)} (${named(outside)}): correct their grades or remove them first`,
    [
      ...(below.length
        ? [{ path: 'body.minGrade', message: `Learners loaded below this grade: ${named(below)}` }]
        : []),
      ...(above.length
        ? [{ path: 'body.maxGrade', message: `Learners loaded above this grade: ${named(above)}` }]
        : []),
    ],
  );
}

/**
 * The refusal of an opening: how many blockers and of which kinds in the message, each blocker in the details (its
 * kind as the path), so a client can list them without asking the check again.
 */
function openingBlocked(blockers: VerifyResult['blockers']) {
  const kinds = groupBlockers(blockers)
    .map((g) => g.title.charAt(0).toLowerCase() + g.title.slice(1))
    .join('; ');
  return conflict(
    `The olympiad cannot open while ${count(blockers.length, 'thing blocks', 'things block')} it (${kinds}). Fix them first: the olympiad check lists each one.`,
    blockers.slice(0, 50).map((b) => ({ path: b.kind, message: b.message })),
  );
}

/** An olympiad as the caller sees it, with its project's name. */
const answer = async (q: Queryable, actor: Actor, olympiad: Olympiad) => ({
  success: true as const,
  olympiad: presentOlympiad(actor, await queries.withProjectName(q, olympiad)),
});
/** The olympiad read again after a change. */
const reread = async (q: Queryable, actor: Actor, id: number) => answer(q, actor, (await findOlympiad(q, id))!);

export async function olympiadRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad/v-rest/',
    summary: 'Olympiads the caller may see, paged, searchable and sortable',
    tags,
    access: access.see,
    query: OlympiadListQuery,
    response: pageOf(OlympiadRecord),
    handler: async ({ db, actor, query }) => {
      const open = query.open === undefined ? undefined : query.open === 'true';
      const { items, total } = await queries.listOlympiads(db, olympiadsReach(actor), { ...query, open });
      return pageResult(
        items.map((o) => presentOlympiad(actor, o)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/v-rest/single',
    summary: 'One olympiad by olympiadId or olympiadVarName',
    tags,
    access: access.see,
    query: OlympiadSingleQuery,
    response: OlympiadResultBody,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId ?? query.olympiadVarName!, 'see'),
    handler: ({ db, actor, record }) => answer(db, actor, record),
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/v-rest/',
    summary: 'Create an olympiad',
    tags,
    access: access.create,
    body: OlympiadInput,
    response: OlympiadResultBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      await checkProjectRefs(db, body.projectId, body.subProjectId);
      try {
        const [row] = await db
          .insert(olympiads)
          .values({
            ...body,
            defaultLanguage: body.defaultLanguage ?? body.languages[0],
            instructions: sanitizeRichText(body.instructions),
            declaration: sanitizeRichText(body.declaration),
            translations: nextOlympiadTranslations({}, body.translations),
            startsAt: body.startsAt ? new Date(body.startsAt) : null,
            endsAt: body.endsAt ? new Date(body.endsAt) : null,
          })
          .returning({ id: olympiads.id });
        await audit('olympiad.create', {
          entityId: row!.id,
          olympiadId: row!.id,
          data: { ...body, translationsChanged: Object.keys(body.translations ?? {}) },
        });
        return await reread(db, actor, row!.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw varNameTaken();
        throw error;
      }
    },
  });

  route(app, {
    method: 'PUT',
    url: '/olympiad/v-rest/:id',
    summary:
      'Edit an olympiad: the overlord edits everything, its admin its settings (window, duration, instructions, declaration, shuffle, show score)',
    tags,
    access: access.edit,
    params: IdParams,
    body: OlympiadUpdate,
    response: OlympiadResultBody,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, params, body, record: before, audit }) => {
      const refused = refusedFields(actor, before, Object.keys(body));
      if (refused.length > 0) throw forbidden(`Only the overlord can change ${refused.join(', ')}`);
      const startsAt = body.startsAt === undefined ? before.startsAt : body.startsAt ? new Date(body.startsAt) : null;
      const endsAt = body.endsAt === undefined ? before.endsAt : body.endsAt ? new Date(body.endsAt) : null;
      if (startsAt && endsAt && startsAt >= endsAt) {
        throw invalid([{ path: 'body.endsAt', message: 'The window must end after it starts' }]);
      }
      await checkProjectRefs(db, body.projectId, body.subProjectId, before.projectId);
      await checkGradeRange(db, before, body);
      // The kinds never mix in one olympiad (decision 039): its kind is fixed once anyone is entered.
      if (body.kind !== undefined && body.kind !== before.kind && (await queries.hasEntries(db, before.id)))
        throw conflict(
          `${before.title} has entries already: its kind (schools or countries) cannot change; take them out first`,
        );
      // The language a learner starts in stays one the olympiad offers; changing it swaps each text with its
      // translation in the new default, or is refused naming every text without one (decision 094).
      const languages = body.languages ?? (before.languages as PaperLanguage[]);
      const nextDefault =
        body.defaultLanguage ??
        (languages.includes(before.defaultLanguage as PaperLanguage)
          ? (before.defaultLanguage as PaperLanguage)
          : languages[0]!);
      if (!languages.includes(nextDefault))
        throw invalid([
          { path: 'body.defaultLanguage', message: 'The default language must be one the olympiad is offered in' },
        ]);
      const { translations: given, defaultLanguage: _default, ...fields } = body;
      const edited = {
        ...before,
        ...(fields.instructions === undefined ? {} : { instructions: sanitizeRichText(fields.instructions) }),
        ...(fields.declaration === undefined ? {} : { declaration: sanitizeRichText(fields.declaration) }),
        translations: nextOlympiadTranslations((before.translations ?? {}) as OlympiadTranslations, given),
      };
      if (given) checkTranslationLanguages(given, { languages, defaultLanguage: before.defaultLanguage });
      const swapped =
        nextDefault === before.defaultLanguage
          ? null
          : await changeDefaultLanguage(db, edited, nextDefault, actor.userId!);
      try {
        await db
          .update(olympiads)
          .set({
            ...fields,
            defaultLanguage: nextDefault,
            instructions: edited.instructions,
            declaration: edited.declaration,
            translations: edited.translations,
            ...(swapped ?? {}),
            startsAt,
            endsAt,
            updatedAt: new Date(),
          })
          .where(eq(olympiads.id, params.id));
        const translationsChanged = changedLanguages(
          (before.translations ?? {}) as OlympiadTranslations,
          (swapped?.translations ?? edited.translations) as OlympiadTranslations,
        );
        await audit('olympiad.update', {
          entityId: params.id,
          olympiadId: params.id,
          data: { ...body, ...(translationsChanged.length ? { translationsChanged } : {}) },
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw varNameTaken();
        throw error;
      }
      return reread(db, actor, params.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/translations/:id/verify',
    summary:
      'Mark one language’s version of the instructions and declaration verified (verified=false: clear); language: one offered besides the default',
    tags,
    access: access.edit,
    params: IdParams,
    query: VerifyLanguageQuery,
    response: OlympiadResultBody,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, query, record: o, audit }) => {
      const others = otherLanguagesOf(o);
      const lang = query.language ?? others[0];
      if (!lang || !others.includes(lang))
        throw invalid([
          {
            path: 'query.language',
            message:
              !lang || lang === o.defaultLanguage
                ? 'The default language’s instructions need no verifying: choose another language it offers'
                : `This olympiad is not offered in ${languageName(lang)}`,
          },
        ]);
      const verified = query.verified === 'true';
      const stored = (o.translations ?? {}) as OlympiadTranslations;
      if (verified && !stored[lang])
        throw conflict(`The instructions and declaration have no ${languageName(lang)} version yet`);
      // A second pair of eyes, as for a question: whoever wrote this version last may not verify it.
      if (
        verified &&
        (await lastTranslator(db, {
          actions: ['olympiad.create', 'olympiad.update'],
          entityId: o.id,
          language: lang,
        })) === actor.userId
      )
        throw forbidden(
          `You wrote the ${languageName(lang)} instructions and declaration last; a second admin must verify them`,
        );
      await db
        .update(olympiads)
        .set({ translations: withVerification(stored, lang, verified ? actor.userId : null), updatedAt: new Date() })
        .where(eq(olympiads.id, o.id));
      await audit('olympiad.update', { entityId: o.id, olympiadId: o.id, data: { language: lang, verified } });
      return reread(db, actor, o.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/olympiad/v-rest/:id',
    summary: 'Delete an olympiad nothing refers to yet',
    tags,
    access: access.delete,
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'delete'),
    handler: async ({ db, params, record: olympiad, audit }) => {
      try {
        await db.delete(olympiads).where(eq(olympiads.id, params.id));
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw conflict('This olympiad already has schools, learners or questions; it cannot be deleted');
        throw error;
      }
      await audit('olympiad.delete', {
        entityId: params.id,
        olympiadId: params.id,
        data: { varName: olympiad.varName },
      });
      return { success: true as const, message: 'The olympiad was deleted' };
    },
  });

  // The olympiad data call needs an id (docs/spec.md §5): without one the server answers 400 (the client
  // rejects earlier).
  route(app, {
    method: 'GET',
    url: '/website/api/olympiad',
    summary: 'Without an id: 400 (give /website/api/olympiad/{id})',
    tags: ['public'],
    access: 'public',
    response: z.never(),
    handler: async () => {
      throw badRequest('Give the olympiad: /website/api/olympiad/{id or varName}');
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/verify/:id',
    summary: 'What still blocks opening the olympiad',
    tags,
    access: access.verify,
    params: IdParams,
    response: VerifyResult,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.id, 'verify'),
    handler: ({ db, record }) => blockersOf(db, record),
  });

  route(app, {
    method: 'GET',
    url: '/olympiad/api/set-olympiad-open/:olympiadId/:open',
    summary:
      'Open (true) or close (false) the olympiad; opening is refused (409) while the olympiad check has blockers',
    tags,
    access: access.open,
    params: SetOpenParams,
    response: OlympiadResultBody,
    transaction: true,
    load: ({ db, actor, params }) => olympiadLoader.load(db, actor, params.olympiadId, 'open'),
    handler: async ({ db, actor, params, record: olympiad, audit }) => {
      const open = params.open === 'true';
      // Learners meet whatever the check warns about the moment the olympiad opens, so opening waits for a clean
      // check; closing never does.
      if (open) {
        const check = await blockersOf(db, olympiad);
        if (!check.ready) throw openingBlocked(check.blockers);
      }
      await db.update(olympiads).set({ open, updatedAt: new Date() }).where(eq(olympiads.id, olympiad.id));
      await audit(open ? 'olympiad.open' : 'olympiad.close', { entityId: olympiad.id, olympiadId: olympiad.id });
      return reread(db, actor, olympiad.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympiad/set-pinned',
    summary: 'Pin or unpin the olympiad (pinned omitted: toggle)',
    tags,
    access: access.pin,
    query: SetPinnedQuery,
    response: OlympiadResultBody,
    transaction: true,
    load: ({ db, actor, query }) => olympiadLoader.load(db, actor, query.olympiadId, 'pin'),
    handler: async ({ db, actor, query, record: olympiad, audit }) => {
      const pinned = query.pinned === undefined ? !olympiad.pinned : query.pinned === 'true';
      await db.update(olympiads).set({ pinned, updatedAt: new Date() }).where(eq(olympiads.id, olympiad.id));
      await audit(pinned ? 'olympiad.pin' : 'olympiad.unpin', { entityId: olympiad.id, olympiadId: olympiad.id });
      return reread(db, actor, olympiad.id);
    },
  });
}
