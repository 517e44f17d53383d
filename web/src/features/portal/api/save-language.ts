import { z } from 'zod';
import { Language } from '#contract/olympiads';
import { api, isApiError } from '../../../lib/api/index.js';
import { getUser, storeUser } from '../../../lib/session/index.js';

const LanguageSaved = z.object({ success: z.literal(true), language: Language });

/**
 * PUT api/me/language: the teacher's language, kept on their account so the portal and the mail they receive
 * speak it on any device. The session keeps it at once (the portal does not wait for the server); a server that
 * does not know the address yet (404) or a failed write leaves the choice in this browser only.
 */
export async function saveLanguage(language: z.infer<typeof Language>): Promise<void> {
  const user = getUser();
  if (user) storeUser({ ...user, language });
  try {
    await api.put('/api/me/language', { body: { language }, schema: LanguageSaved, background: true });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return;
    console.warn('The language was kept in this browser only', error);
  }
}
