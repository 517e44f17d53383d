import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ServerLocale, type ServerMessageId, requestLocale, translate } from '../platform/i18n.js';

/**
 * The language of the request being answered, wherever its words are written (decision 097): zod's error map is
 * global and the route helper parses before any handler code runs, and the named errors (`schoolNotFound()`) are
 * made far from the request, so the request is kept in an AsyncLocalStorage from validation on. Outside a request
 * (a job, a start-up check) the words are English.
 */
const current = new AsyncLocalStorage<FastifyRequest>();

/**
 * Keeps each request for what is worded while it is answered. From `preValidation` on: a store entered at
 * `onRequest` is lost while the body is read, and nothing is worded before the route helper parses.
 */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => current.run(req, done));
}

/** The language the request being answered reads (its Accept-Language, decision 090); English outside one. */
export function currentLocale(): ServerLocale {
  const req = current.getStore();
  return req ? requestLocale(req.headers) : 'en';
}

/** A message of the server's catalogues in the language of the request being answered. */
export function say(id: ServerMessageId, values?: Record<string, unknown>): string {
  return translate(currentLocale(), id, values);
}

/**
 * The contract's translator on the server (contract/messages.ts `setMessageTranslator`): a refused value's
 * message in the request's language; English is left to the words the contract writes, which are the catalogue's.
 */
export function contractTranslator(id: string, values?: Record<string, string | number>): string | undefined {
  const locale = currentLocale();
  if (locale === 'en') return undefined;
  const text = translate(locale, id as ServerMessageId, values);
  return text === id ? undefined : text;
}
