import type { UsefulContact } from '#contract/mail';
import type { Actor } from '../../http/actor.js';
import { iso } from '../../platform/dates.js';
import type { ContactDb } from './contact-queries.js';
import { contactsPolicy } from './policy.js';

/** A useful contact, with what the caller may do with it. */
export function presentContact(actor: Actor, c: ContactDb): UsefulContact {
  const { edit } = contactsPolicy.flags(actor, { olympiadId: c.olympiad_id }, ['edit']);
  return {
    id: c.id,
    olympiadId: c.olympiad_id,
    name: c.name,
    organisation: c.organisation,
    role: c.role,
    email: c.email,
    phone: c.phone,
    notes: c.notes,
    suppressed: Boolean(c.suppressed),
    updatedAt: iso(c.updated_at),
    can: { update: edit, delete: edit },
  };
}
