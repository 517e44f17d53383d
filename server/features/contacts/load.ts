import { defineLoader } from '../../http/load.js';
import { findContact } from './contact-queries.js';
import { contactsPolicy } from './policy.js';

/** One useful contact, scoped to the actor (404 for another olympiad's). */
export const contactLoader = defineLoader({
  what: 'This contact',
  policy: contactsPolicy,
  find: (q, id: number) => findContact(q, id),
});
