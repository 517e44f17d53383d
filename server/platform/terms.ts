import { desc, eq } from 'drizzle-orm';
import { TERMS_NOT_ACCEPTED } from '#contract/copy';
import type { Queryable } from '../db/client.js';
import { termsAcceptances, termsVersions } from '../db/schema/index.js';
import type { Actor } from '../http/actor.js';
import { HttpError } from '../http/errors.js';

/**
 * The platform's terms and conditions: the newest published version is the current one. A teacher
 * accepts it when they enter a school in an olympiad, and is asked again when a newer version is published.
 * One rule, here: the schools feature asks it before an entry, the copy feature records acceptances.
 */
export type CurrentTermsRow = Pick<
  typeof termsVersions.$inferSelect,
  'id' | 'version' | 'body' | 'summary' | 'publishedAt'
>;

export async function currentTerms(q: Queryable): Promise<CurrentTermsRow | null> {
  const [row] = await q
    .select({
      id: termsVersions.id,
      version: termsVersions.version,
      body: termsVersions.body,
      summary: termsVersions.summary,
      publishedAt: termsVersions.publishedAt,
    })
    .from(termsVersions)
    .orderBy(desc(termsVersions.version))
    .limit(1);
  return row ?? null;
}

/** A user's standing: the current terms, when they accepted them, and the newest version they accepted before. */
export async function termsStanding(q: Queryable, userId: number) {
  const terms = await currentTerms(q);
  const [row] = await q
    .select({ version: termsVersions.version, acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .innerJoin(termsVersions, eq(termsVersions.id, termsAcceptances.termsVersionId))
    .where(eq(termsAcceptances.userId, userId))
    .orderBy(desc(termsVersions.version))
    .limit(1);
  const accepted = terms == null || (row != null && row.version === terms.version);
  return {
    terms,
    accepted,
    acceptedAt: accepted && row ? row.acceptedAt : null,
    previousVersion: !accepted && row ? row.version : null,
  };
}

export const termsNotAccepted = (version: number, again: boolean) =>
  new HttpError(
    409,
    TERMS_NOT_ACCEPTED,
    again
      ? `The terms and conditions have changed (version ${version}). Please read and accept them to continue.`
      : `Please read and accept the terms and conditions (version ${version}) to continue.`,
  );

/**
 * Before a teacher's own step that needs the terms (entering a school): 409 `terms_not_accepted` unless they
 * accepted the current version. Staff acting as a teacher are not stopped: the terms bind the teacher, who is
 * asked when they next sign in.
 */
export async function requireTermsAccepted(q: Queryable, actor: Actor): Promise<void> {
  if (actor.role !== 'teacher' || actor.impersonatorId != null) return;
  const standing = await termsStanding(q, actor.userId);
  if (!standing.accepted && standing.terms)
    throw termsNotAccepted(standing.terms.version, standing.previousVersion != null);
}
