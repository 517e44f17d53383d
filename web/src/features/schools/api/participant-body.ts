import { z } from 'zod';
import { SchoolParticipant } from '#contract/schools';

/** What a write to an entry answers: the entry, with the server's words on what happened. */
export const ParticipantBody = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  participant: SchoolParticipant,
});
