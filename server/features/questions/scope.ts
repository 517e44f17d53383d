import { sql } from 'drizzle-orm';
import { type Queryable, rows } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { questionsPolicy } from './policy.js';
import * as queries from './queries.js';

/** Records outside the actor's olympiads answer 404, as if they did not exist; a 403 would leak them (decision 005). */
export async function moduleFor(q: Queryable, actor: Actor, id: number) {
  const mod = await queries.findModule(q, id);
  if (!mod || !questionsPolicy.canAuthor(actor, mod.olympiadId)) throw notFound('This module');
  return mod;
}

export async function questionFor(q: Queryable, actor: Actor, id: number) {
  const question = await queries.findQuestion(q, id);
  if (!question || !questionsPolicy.canAuthor(actor, question.olympiadId)) throw notFound('This question');
  return question;
}

export async function olympiadFor(q: Queryable, actor: Actor, olympiadId: number) {
  const [row] = await rows<{ id: number }>(q, sql`select id from olympiads where id = ${olympiadId}`);
  if (!row || !questionsPolicy.canAuthor(actor, olympiadId)) throw notFound('This olympiad');
  return row.id;
}
