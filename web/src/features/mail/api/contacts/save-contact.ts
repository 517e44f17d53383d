import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { UsefulContact, type UsefulContactInput } from '#contract/mail';
import { api } from '../../../../lib/api/index.js';
import { mailKeys } from '../keys.js';

const ContactSaved = z.object({ success: z.literal(true), contact: UsefulContact });

/** POST useful-contact/v-rest/ or PUT useful-contact/v-rest/{id} */
export function saveContact({ id, values }: { id: number | null; values: UsefulContactInput }) {
  return id == null
    ? api.post('/useful-contact/v-rest/', { body: values, schema: ContactSaved })
    : api.put(`/useful-contact/v-rest/${id}`, { body: values, schema: ContactSaved });
}

/** Contacts are a mass-mail audience: their count changes too. The form shows a failure beside its fields. */
export const useSaveContact = () =>
  useMutation({
    mutationFn: async (input: { id: number | null; values: UsefulContactInput }) => {
      const answer = await saveContact(input);
      return { ...answer, message: `${answer.contact.name} is saved` };
    },
    meta: {
      success: 'Saved',
      error: false,
      invalidates: [mailKeys.contacts.prefix, mailKeys.audienceCount.prefix],
    },
  });
