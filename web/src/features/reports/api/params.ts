/**
 * The reports' request parameters. They sit below both the query keys (keys.ts) and the queries that use them,
 * so the keys never import a query module and the folder has no import cycle, types included.
 */

/** The feedback report's query (contract/reports.ts FeedbackQuery) without the format. */
export interface FeedbackParams {
  page: number;
  pageSize: number;
  schoolId?: number | undefined;
  grade?: number | undefined;
  rating?: number | undefined;
  comments?: 'true' | undefined;
}

/** The list query of `StartTimesQuery` (contract/sitting.ts) without the olympiad. */
export interface StartTimesParams {
  page: number;
  pageSize: number;
  search?: string | undefined;
  status?: 'not_started' | 'writing' | 'finished' | undefined;
  sort?: 'learner' | 'school' | 'startedAt' | 'finishedAt' | 'status' | 'lastSeenAt' | undefined;
  order?: 'asc' | 'desc' | undefined;
}
