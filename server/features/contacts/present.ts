import type { UsefulContact } from '#contract/mail';
import type { Actor } from '../../http/actor.js';
import { iso } from '../../platform/dates.js';
import type { ContactRow } from './contact-queries.js';
import { contactsPolicy } from './policy.js';

/** A useful contact, with what the caller may do with it. */
export function presentContact(actor: Actor, c: ContactRow): UsefulContact {
  const { edit } = contactsPolicy.flags(actor, { olympiadId: c.olympiadId }, ['edit']);
  return {
    id: c.id,
    olympiadId: c.olympiadId,
    name: c.name,
    organisation: c.organisation,
    role: c.role,
    email: c.email,
    phone: c.phone,
    notes: c.notes,
    suppressed: c.suppressed,
    updatedAt: iso(c.updatedAt),
    can: { update: edit, delete: edit },
  };
}
