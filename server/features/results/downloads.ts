import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, rows } from '../../db/client.js';
import { personalDataRead } from '../../platform/audit.js';
import { type LearnerResult, ResultsDetailsPage, ResultsDownloadQuery } from '#contract/results';
import { conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { isoOrNull } from '../../platform/dates.js';
import { pageResult } from '../../platform/paging.js';
import { sendDownload, type TableColumn, tableSheet } from '../../platform/xlsx.js';
import { readableResults } from './load.js';
import { resultsPolicy } from './policy.js';
import { presentLearnerResult } from './present.js';
import * as queries from './queries.js';
import { type OlympiadKind, unitWords } from '#contract/units';

const tags = ['results'];
const { access } = resultsPolicy;

/** The school of a school's entry, for the audit row of its results download. */
async function schoolOfParticipant(q: Queryable, schoolParticipantId: number): Promise<number | null> {
  const [row] = await rows(
    q,
    z.object({ schoolId: z.number().int() }),
    sql`select school_id as "schoolId" from school_participants where id = ${schoolParticipantId}`,
  );
  return row?.schoolId ?? null;
}

/** A language as a results download names it (staff downloads stay English, decision 090). */
const languageNames = { en: 'English', af: 'Afrikaans' } as const;

/** The columns of the downloads: the learner, then one per module, then the result. */
function columnsOf(
  modules: ReadonlyArray<{ moduleId: number; title: string }>,
  kind: OlympiadKind,
): TableColumn<LearnerResult>[] {
  const { Unit, unit } = unitWords(kind);
  const wide = { width: 18 };
  return [
    { header: 'Rank', value: 'rank' },
    { header: 'First name', ...wide, value: 'firstName' },
    { header: 'Last name', ...wide, value: 'lastName' },
    { header: 'Username', ...wide, value: 'username' },
    { header: Unit, ...wide, value: (r) => r.schoolName ?? '' },
    { header: 'Province', value: (r) => r.province ?? '' },
    { header: 'Grade', value: 'grade' },
    { header: 'Language', value: (r) => languageNames[r.language] },
    ...modules.map((m): TableColumn<LearnerResult> => ({
      header: m.title,
      value: (r) => r.moduleScores.find((s) => s.moduleId === m.moduleId)?.score ?? '',
    })),
    { header: 'Score', value: 'score' },
    { header: 'Out of', value: 'maxScore' },
    { header: 'Percent', value: 'percent' },
    { header: 'Percentile', value: 'percentile' },
    { header: 'Grade rank', value: 'gradeRank' },
    { header: 'Province rank', value: 'provinceRank' },
    { header: 'Award', value: 'awardLabel' },
    { header: `Best in ${unit}`, value: (r) => (r.bestInSchool ? 'Yes' : '') },
  ];
}

/**
 * GET olympiad/results/downloads/details (docs/spec.md §7): every learner's published result with module scores,
 * ranks, percentile and award, as JSON pages, CSV (the one CSV writer) or xlsx. A teacher gets their own school's
 * rows, only once published; an admin everything, or one school (`schoolParticipantId`).
 */
export async function downloadRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympiad/results/downloads/details',
    summary:
      'Every learner’s result (module scores, rank, grade and province rank, percentile, award) as json (paged), ' +
      'csv or xlsx; a teacher their own school’s, once published',
    tags,
    access: access.read,
    query: ResultsDownloadQuery,
    heavy: ({ query }) => query.format !== 'json',
    response: ResultsDetailsPage,
    load: ({ db, actor, query }) => readableResults(db, actor, query.olympiadId, query.schoolParticipantId),
    handler: async ({ db, query, reply, audit, record: { results: r, schoolParticipantId } }) => {
      const whole = query.format !== 'json';
      const [found, modules] = await Promise.all([
        queries.snapshot(db, {
          olympiadId: r.olympiadId,
          schoolParticipantId,
          ...(whole ? {} : { page: query.page, pageSize: query.pageSize }),
        }),
        queries.modulesOf(db, r.olympiadId),
      ]);
      if (!found.length && r.publishedAt == null && (await queries.snapshotRows(db, r.olympiadId)) === 0)
        throw conflict('The results of this olympiad are not published yet: publish them first');
      const items = found.map((row) => presentLearnerResult(r.awardRule, row));
      if (!whole)
        return {
          ...pageResult(items, found[0]?.total ?? 0, query),
          publishedAt: isoOrNull(r.publishedAt),
          modules,
        };
      // A file of every learner's result (or one school's): one audit row for the download (decision 109).
      await audit(
        'personal-data.read',
        personalDataRead({
          what: 'results-export',
          olympiadId: r.olympiadId,
          schoolId: schoolParticipantId == null ? null : await schoolOfParticipant(db, schoolParticipantId),
          count: items.length,
          format: query.format,
        }),
      );
      const name = `results-${r.varName}${schoolParticipantId != null ? `-school-${schoolParticipantId}` : ''}`;
      return sendDownload(reply, query.format === 'csv' ? 'csv' : 'xlsx', name, [
        tableSheet('Results', columnsOf(modules, r.kind), items),
      ]);
    },
  });
}
