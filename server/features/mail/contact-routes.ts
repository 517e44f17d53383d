import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { Ok, pageOf } from '../../../contract/errors.js';
import { UsefulContact, UsefulContactInput, UsefulContactListQuery } from '../../../contract/mail.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { pageResult } from '../../platform/paging.js';
import * as contacts from './contact-queries.js';
import { mailAccess, mailPolicy } from './policy.js';
import { presentContact } from './present.js';

const tags = ['mail'];
const ContactBody = z.object({ success: z.literal(true), contact: UsefulContact });
const emailTaken = (name: string) =>
  conflict(`${name} has this address already`, [{ path: 'body.email', message: 'Another contact has this address' }]);

/**
 * Useful contacts (spec: edit/interested-and-affected-parties, `useful-contact/v-rest/`): one olympiad's
 * sponsors, officials and partners, kept by its admins and funding staff; a mass-mail audience.
 */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const load = async (actor: Actor, id: number) => {
    const c = await contacts.findContact(db, id);
    if (!c || !mailPolicy.canSeeContact(actor, { olympiadId: c.olympiad_id })) throw notFound('This contact');
    return c;
  };

  route(app, {
    method: 'GET',
    url: '/useful-contact/v-rest/',
    summary: 'Useful contacts of an olympiad (olympiadId): paged, searchable, sortable',
    tags,
    access: mailAccess.usefulContacts,
    query: UsefulContactListQuery,
    response: pageOf(UsefulContact),
    handler: async ({ actor, query }) => {
      if (!mailPolicy.canSeeContact(actor, { olympiadId: query.olympiadId })) throw notFound('This olympiad');
      const { items, total } = await contacts.listContacts(db, query.olympiadId, query);
      return pageResult(
        items.map((c) => presentContact(actor, c)),
        total,
        query,
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/useful-contact/v-rest/:id',
    summary: 'One useful contact',
    tags,
    access: mailAccess.usefulContacts,
    params: IdParams,
    response: ContactBody,
    handler: async ({ actor, params }) => ({
      success: true as const,
      contact: presentContact(actor, await load(actor, params.id)),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/useful-contact/v-rest/',
    summary: 'Add a useful contact to an olympiad',
    tags,
    access: mailAccess.usefulContacts,
    body: UsefulContactInput,
    response: ContactBody,
    handler: async ({ req, actor, body }) => {
      const { olympiadId, ...values } = body;
      if (!mailPolicy.canEditContact(actor, { olympiadId })) throw notFound('This olympiad');
      if (values.email) {
        const other = await contacts.contactWithEmail(db, olympiadId, values.email, null);
        if (other) throw emailTaken(other.name);
      }
      const id = await db.transaction(async (tx) => {
        const newId = await contacts.insertContact(tx, olympiadId, values, actor.userId);
        await audit(tx, actor, {
          action: 'useful-contact.create',
          entity: 'useful_contact',
          entityId: newId,
          olympiadId,
          data: { name: values.name },
          ip: req.ip,
        });
        return newId;
      });
      return { success: true as const, contact: presentContact(actor, (await contacts.findContact(db, id))!) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/useful-contact/v-rest/:id',
    summary: 'Edit a useful contact',
    tags,
    access: mailAccess.usefulContacts,
    params: IdParams,
    body: UsefulContactInput,
    response: ContactBody,
    handler: async ({ req, actor, params, body }) => {
      const c = await load(actor, params.id);
      if (!mailPolicy.canEditContact(actor, { olympiadId: c.olympiad_id })) throw notFound('This contact');
      const { olympiadId, ...values } = body;
      if (olympiadId !== c.olympiad_id) {
        throw invalid([{ path: 'body.olympiadId', message: 'A contact stays in its olympiad' }]);
      }
      if (values.email) {
        const other = await contacts.contactWithEmail(db, c.olympiad_id, values.email, c.id);
        if (other) throw emailTaken(other.name);
      }
      await db.transaction(async (tx) => {
        await contacts.updateContact(tx, c.id, values);
        await audit(tx, actor, {
          action: 'useful-contact.update',
          entity: 'useful_contact',
          entityId: c.id,
          olympiadId: c.olympiad_id,
          data: { name: values.name },
          ip: req.ip,
        });
      });
      return { success: true as const, contact: presentContact(actor, (await contacts.findContact(db, c.id))!) };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/useful-contact/v-rest/:id',
    summary: 'Remove a useful contact',
    tags,
    access: mailAccess.usefulContacts,
    params: IdParams,
    response: Ok,
    handler: async ({ req, actor, params }) => {
      const c = await load(actor, params.id);
      if (!mailPolicy.canEditContact(actor, { olympiadId: c.olympiad_id })) throw notFound('This contact');
      await db.transaction(async (tx) => {
        await contacts.deleteContact(tx, c.id);
        await audit(tx, actor, {
          action: 'useful-contact.delete',
          entity: 'useful_contact',
          entityId: c.id,
          olympiadId: c.olympiad_id,
          data: { name: c.name, email: c.email },
          ip: req.ip,
        });
      });
      return { success: true as const, message: `${c.name} is removed` };
    },
  });
}
