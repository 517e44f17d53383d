import type { FastifyInstance } from 'fastify';
import { type LearnerResult, ResultsDetailsPage, ResultsDownloadQuery } from '#contract/results';
import { conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { CsvValue } from '../../platform/csv.js';
import { isoOrNull } from '../../platform/dates.js';
import { pageResult } from '../../platform/paging.js';
import { sendDownload } from '../../platform/xlsx.js';
import { readableResults } from './load.js';
import { resultsPolicy } from './policy.js';
import { presentLearnerResult } from './present.js';
import * as queries from './queries.js';
import { type OlympiadKind, unitWords } from '#contract/units';

const tags = ['results'];
const { access } = resultsPolicy;

/** The columns of the downloads: the learner, then one per module, then the result. */
function table(
  modules: ReadonlyArray<{ moduleId: number; title: string }>,
  items: readonly LearnerResult[],
  kind: OlympiadKind,
) {
  const { Unit, unit } = unitWords(kind);
  const header = [
    'Rank',
    'First name',
    'Last name',
    'Username',
    Unit,
    'Province',
    'Grade',
    ...modules.map((m) => m.title),
    'Score',
    'Out of',
    'Percent',
    'Percentile',
    'Grade rank',
    'Province rank',
    'Award',
    `Best in ${unit}`,
  ];
  const body = items.map((r): CsvValue[] => {
    const byModule = new Map(r.moduleScores.map((m) => [m.moduleId, m.score]));
    return [
      r.rank,
      r.firstName,
      r.lastName,
      r.username,
      r.schoolName ?? '',
      r.province ?? '',
      r.grade,
      ...modules.map((m) => byModule.get(m.moduleId) ?? ''),
      r.score,
      r.maxScore,
      r.percent,
      r.percentile,
      r.gradeRank,
      r.provinceRank,
      r.awardLabel,
      r.bestInSchool ? 'Yes' : '',
    ];
  });
  return { header, body };
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
    response: ResultsDetailsPage,
    load: ({ db, actor, query }) => readableResults(db, actor, query.olympiadId, query.schoolParticipantId),
    handler: async ({ db, query, reply, record: { results: r, schoolParticipantId } }) => {
      const whole = query.format !== 'json';
      const [found, modules] = await Promise.all([
        queries.snapshot(db, {
          olympiadId: r.olympiadId,
          schoolParticipantId,
          ...(whole ? {} : { page: query.page, pageSize: query.pageSize }),
        }),
        queries.modulesOf(db, r.olympiadId),
      ]);
      if (!found.length && r.published_at == null && (await queries.snapshotRows(db, r.olympiadId)) === 0)
        throw conflict('The results of this olympiad are not published yet: publish them first');
      const items = found.map((row) => presentLearnerResult(r.awardRule, row));
      if (!whole)
        return {
          ...pageResult(items, found[0]?.total ?? 0, query),
          publishedAt: isoOrNull(r.published_at),
          modules,
        };
      const { header, body } = table(modules, items, r.kind);
      const name = `results-${r.var_name}${schoolParticipantId != null ? `-school-${schoolParticipantId}` : ''}`;
      const columns = header.map((h, i) => ({
        header: h,
        width: Math.min(40, Math.max(8, h.length + 2, i >= 1 && i <= 4 ? 18 : 0)),
      }));
      return sendDownload(reply, query.format === 'csv' ? 'csv' : 'xlsx', name, [
        { name: 'Results', columns, rows: body },
      ]);
    },
  });
}
