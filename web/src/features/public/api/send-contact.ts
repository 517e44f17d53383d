import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { Ok } from '#contract/errors';
import type { ContactBody } from '#contract/public';
import { api } from '../../../lib/api/index.js';

export type ContactValues = z.input<typeof ContactBody>;

/** POST website/api/contact: a visitor's message to the organisers (of a project, or of the platform). */
export const sendContact = (body: ContactValues) =>
  api.post('/website/api/contact', { body, schema: Ok, on401: 'ignore' });

/** The form thanks the visitor itself and shows a failure in its alert. */
export const useSendContact = () => useMutation({ mutationFn: sendContact, meta: { error: false } });
