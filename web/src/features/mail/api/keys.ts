import type { Audience, EmailStatus } from '#contract/mail';
import type { ListParams } from '../../../components/PagedTable.js';
import { queryKeys } from '../../../lib/api/index.js';

/** A list of one olympiad's rows, or (without an olympiad) the overlord's view of all. */
export type ScopedListParams = ListParams & { olympiadId?: number | undefined };

export type QueuedEmailListParams = ListParams & {
  status?: EmailStatus | undefined;
  massMailId?: number | undefined;
  olympiadId?: number | undefined;
};

/** The query keys of the mail feature, by area (contacts, mass mail, queue, files, copy, unsubscribes). */
export const mailKeys = queryKeys('mail', {
  contacts: (params: ListParams & { olympiadId: number | undefined }) => [params],
  massMails: (params: ScopedListParams) => [params],
  audienceCount: (olympiadId: number | null, audience: Audience) => [olympiadId, audience],
  olympiadChoices: () => [],
  queuedEmails: (params: QueuedEmailListParams) => [params],
  queuedEmail: (id: number | null) => [id],
  emailLogs: (olympiadId: number, params: ListParams & { status?: EmailStatus | undefined }) => [olympiadId, params],
  attachments: (params: ScopedListParams) => [params],
  uploads: (params: ScopedListParams) => [params],
  templates: (olympiadId: number | undefined) => [olympiadId ?? 0],
  unsubscribes: (params: ScopedListParams) => [params],
  bounces: (params: ListParams & { kind?: string | undefined }) => [params],
  unsubscribeRef: (ref: string | undefined) => [ref],
});
