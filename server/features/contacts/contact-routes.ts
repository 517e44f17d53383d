import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { Ok, pageOf } from '#contract/errors';
import { UsefulContact, UsefulContactInput, UsefulContactListQuery } from '#contract/mail';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, olympiadNotFound } from '../../http/errors.js';
import { reach } from '../../http/reach.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { pageResult } from '../../platform/paging.js';
import * as contacts from './contact-queries.js';
import { contactLoader } from './load.js';
import { contactsPolicy } from './policy.js';
import { presentContact } from './present.js';

const tags = ['mail'];
const { access } = contactsPolicy;
const ContactBody = z.object({ success: z.literal(true), contact: UsefulContact });
const emailTaken = (name: string) =>
  conflict(`${name} has this address already`, [{ path: 'body.email', message: 'Another contact has this address' }]);

/** Addresses are unique per olympiad: another contact with this one is a conflict. */
async function assertEmailFree(
  q: Queryable,
  olympiadId: number,
  email: string | null | undefined,
  exceptId: number | null,
) {
  if (!email) return;
  const other = await contacts.contactWithEmail(q, olympiadId, email, exceptId);
  if (other) throw emailTaken(other.name);
}

/** A contact as the caller sees it, read again after a change. */
const reread = async (q: Queryable, actor: Actor, id: number) => ({
  success: true as const,
  contact: presentContact(actor, (await contacts.findContact(q, id))!),
});

/**
 * Useful contacts (spec: edit/interested-and-affected-parties, `useful-contact/v-rest/`): one olympiad's
 * sponsors, officials and partners, kept by its admins and funding staff; a mass-mail audience.
 */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/useful-contact/v-rest/',
    summary: 'Useful contacts of an olympiad (olympiadId): paged, searchable, sortable',
    tags,
    access: access.read,
    query: UsefulContactListQuery,
    response: pageOf(UsefulContact),
    handler: async ({ db, actor, query }) => {
      const { items, total } = await contacts.listContacts(db, reach(actor, access.read, query.olympiadId), query);
      return pageResult(
        items.map((c) => presentContact(actor, c)),
        total,
        query,
      );
    },
  });

  readOne(app, '/useful-contact/v-rest/', 'contactId', {
    summary: 'One useful contact',
    tags,
    access: access.read,
    response: ContactBody,
    load: ({ db, actor, params }) => contactLoader.load(db, actor, params.id, 'read'),
    handler: async ({ actor, record }) => ({ success: true as const, contact: presentContact(actor, record) }),
  });

  route(app, {
    method: 'POST',
    url: '/useful-contact/v-rest/',
    summary: 'Add a useful contact to an olympiad',
    tags,
    access: access.edit,
    body: UsefulContactInput,
    response: ContactBody,
    transaction: true,
    handler: async ({ db, actor, body, audit }) => {
      const { olympiadId, ...values } = body;
      if (!contactsPolicy.can(actor, 'edit', { olympiadId })) throw olympiadNotFound();
      await assertEmailFree(db, olympiadId, values.email, null);
      const id = await contacts.insertContact(db, olympiadId, values, actor.userId);
      await audit('useful-contact.create', { entityId: id, olympiadId, data: { name: values.name } });
      return reread(db, actor, id);
    },
  });

  route(app, {
    method: 'PUT',
    url: '/useful-contact/v-rest/:id',
    summary: 'Edit a useful contact',
    tags,
    access: access.edit,
    params: IdParams,
    body: UsefulContactInput,
    response: ContactBody,
    transaction: true,
    load: ({ db, actor, params }) => contactLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, actor, body, record: c, audit }) => {
      const { olympiadId, ...values } = body;
      if (olympiadId !== c.olympiadId) {
        throw invalid([{ path: 'body.olympiadId', message: 'A contact stays in its olympiad' }]);
      }
      await assertEmailFree(db, c.olympiadId, values.email, c.id);
      await contacts.updateContact(db, c.id, values);
      await audit('useful-contact.update', { entityId: c.id, olympiadId: c.olympiadId, data: { name: values.name } });
      return reread(db, actor, c.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/useful-contact/v-rest/:id',
    summary: 'Remove a useful contact',
    tags,
    access: access.edit,
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => contactLoader.load(db, actor, params.id, 'edit'),
    handler: async ({ db, record: c, audit }) => {
      await contacts.deleteContact(db, c.id);
      await audit('useful-contact.delete', {
        entityId: c.id,
        olympiadId: c.olympiadId,
        data: { name: c.name, email: c.email },
      });
      return { success: true as const, message: `${c.name} is removed` };
    },
  });
}
