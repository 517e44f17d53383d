import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import {
  CopyBodyInput,
  type GeneralCopyKey,
  GeneralCopy,
  GeneralCopyInput,
  GeneralCopyList,
  GeneralCopyListQuery,
  GeneralCopySaved,
  generalCopyKeys,
  plainGeneralCopy,
} from '#contract/copy';
import { htmlText } from '#contract/content';
import { Ok } from '#contract/errors';
import { IdParams } from '#contract/ids';
import { invalid } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { editableOlympiad, generalCopyLoader } from './load.js';
import { copyPolicy } from './policy.js';
import { presentGeneralCopy } from './present.js';
import * as queries from './queries.js';

const tags = ['copy'];
const { access } = copyPolicy;

/** A text as stored: rich text sanitised; a plain one (a tick-box label) reduced to its words. */
function cleanText(key: GeneralCopyKey, body: string): string {
  const html = sanitizeRichText(body);
  const text = plainGeneralCopy.includes(key) ? htmlText(html).slice(0, 300) : html;
  if (!htmlText(text)) throw invalid([{ path: 'body.body', message: 'Write the text, or reset it to the default' }]);
  return text;
}

/**
 * An olympiad's general copy (docs/spec.md §7 GET copy/v-rest/): the named texts its teachers and learners read,
 * with their defaults; edited at /{olympiadName}/admin/edit/general-copy.
 */
export async function generalCopyRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/copy/v-rest/',
    tags,
    access: access.editGeneral,
    summary: 'Every named text of an olympiad’s general copy: its own text or the default, and where it appears',
    query: GeneralCopyListQuery,
    response: GeneralCopyList,
    handler: async ({ db, actor, query }) => {
      const olympiad = await editableOlympiad(db, actor, query.olympiadId);
      const rows = new Map((await queries.generalCopyOf(db, olympiad.id)).map((r) => [r.key, r]));
      return {
        success: true as const,
        items: generalCopyKeys.map((key) => presentGeneralCopy(actor, olympiad.id, key, rows.get(key) ?? null)),
      };
    },
  });

  readOne(
    app,
    '/copy/v-rest/',
    'copyId',
    {
      tags,
      access: access.editGeneral,
      summary: 'One written text of an olympiad’s general copy',
      response: z.object({ success: z.literal(true), copy: GeneralCopy }),
      load: ({ db, actor, params }) => generalCopyLoader.load(db, actor, params.id, 'editGeneral'),
      handler: async ({ actor, record }) => ({
        success: true as const,
        copy: presentGeneralCopy(actor, record.olympiadId, record.key, record),
      }),
    },
    { byId: false },
  );

  route(app, {
    method: 'POST',
    url: '/copy/v-rest/',
    tags,
    access: access.editGeneral,
    summary: 'Publish the olympiad’s own wording of one named text (it replaces the default); sanitised',
    body: GeneralCopyInput,
    response: GeneralCopySaved,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const olympiad = await editableOlympiad(db, actor, body.olympiadId);
      const text = cleanText(body.key, body.body);
      const id = await queries.upsertGeneralCopy(
        db,
        { olympiadId: olympiad.id, key: body.key, body: text },
        actor.userId,
      );
      await audit('copy.publish', {
        entityId: id,
        olympiadId: olympiad.id,
        data: { key: body.key, length: text.length },
      });
      return {
        success: true as const,
        message: 'The text is published',
        copy: presentGeneralCopy(actor, olympiad.id, body.key, await queries.findGeneralCopy(db, id)),
      };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/copy/v-rest/:id',
    tags,
    access: access.editGeneral,
    summary: 'Edit the olympiad’s own wording of a named text; sanitised',
    params: IdParams,
    body: CopyBodyInput,
    response: GeneralCopySaved,
    transaction: true,
    load: ({ db, actor, params }) => generalCopyLoader.load(db, actor, params.id, 'editGeneral'),
    handler: async ({ db, actor, body, record, audit }) => {
      const text = cleanText(record.key, body.body);
      await queries.setGeneralCopyBody(db, record.id, text, actor.userId);
      await audit('copy.publish', {
        entityId: record.id,
        olympiadId: record.olympiadId,
        data: { key: record.key, length: text.length },
      });
      return {
        success: true as const,
        message: 'The text is published',
        copy: presentGeneralCopy(actor, record.olympiadId, record.key, await queries.findGeneralCopy(db, record.id)),
      };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/copy/v-rest/:id',
    tags,
    access: access.editGeneral,
    summary: 'Reset a named text to the default',
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => generalCopyLoader.load(db, actor, params.id, 'editGeneral'),
    handler: async ({ db, record, audit }) => {
      await queries.deleteGeneralCopy(db, record.id);
      await audit('copy.reset', { entityId: record.id, olympiadId: record.olympiadId, data: { key: record.key } });
      return { success: true as const, message: 'The text is back to the default' };
    },
  });
}
