import { useQuery } from '@tanstack/react-query';
import {
  DashboardUser,
  type DashboardSection,
  QuestionsByLanguageReport,
  type ReportFormat,
  ReportOverview,
} from '#contract/reports';
import { api, apiBlob, queryKeys, saveBlob } from '../../lib/api/index.js';

/**
 * The overviews and the landing pages' user data, shared by the overlord's overview and the admin's report
 * overview (docs/spec.md §7; decision 038).
 */
export const overviewKeys = queryKeys('report-overview', {
  overview: (olympiadId: number | null) => [olympiadId],
  dashboardUser: (section: DashboardSection, olympiadId: number | undefined) => [section, olympiadId],
});

const overviewPath = (olympiadId: number | null) =>
  olympiadId == null ? '/olympiad/reports/overview' : `/olympiad/reports/overview/${olympiadId}`;

/** POST /olympiad/reports/overview/{id}, or without an id: every olympiad (the overlord). A read, sent as a post. */
export const getOverview = (olympiadId: number | null) =>
  api.post(overviewPath(olympiadId), { schema: ReportOverview, background: true });

export function useOverview(olympiadId: number | null, enabled = true) {
  return useQuery({
    queryKey: overviewKeys.overview(olympiadId),
    queryFn: () => getOverview(olympiadId),
    enabled,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

/** The same overview as a csv or xlsx file. */
export async function downloadOverview(olympiadId: number | null, format: Exclude<ReportFormat, 'json'>, name: string) {
  saveBlob(
    await apiBlob(overviewPath(olympiadId), { method: 'POST', query: { format } }),
    `overview-${name}.${format}`,
  );
}

/** GET dashboard/user?section&olympiadId: who is signed in and the olympiads of their section. */
export const getDashboardUser = (section: DashboardSection, olympiadId: number | undefined, signal?: AbortSignal) =>
  api.get('/dashboard/user', { query: { section, olympiadId }, schema: DashboardUser, signal });

export function useDashboardUser(section: DashboardSection, olympiadId?: number, enabled = true) {
  return useQuery({
    queryKey: overviewKeys.dashboardUser(section, olympiadId),
    queryFn: ({ signal }) => getDashboardUser(section, olympiadId, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Questions by language, shown on its own report page and beside the questions by difficulty (decision 096). */
export const languageSplitKeys = queryKeys('questions-by-language', {
  report: (olympiadId: number | null) => [olympiadId],
});

/** GET /olympiad/reports/questions-by-language/{id}: each question's share correct per language. */
export const getQuestionsByLanguage = (olympiadId: number | null, signal?: AbortSignal) =>
  api.get(`/olympiad/reports/questions-by-language/${olympiadId}`, { schema: QuestionsByLanguageReport, signal });

export function useQuestionsByLanguage(olympiadId: number | null) {
  return useQuery({
    queryKey: languageSplitKeys.report(olympiadId),
    queryFn: ({ signal }) => getQuestionsByLanguage(olympiadId, signal),
    enabled: olympiadId !== null,
  });
}
