import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad } from '../../http/actor.js';

/** Who may call the authoring operations at all; record rules below. */
export const questionsAccess = {
  author: ['overlord', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export const questionsPolicy = {
  /** Authoring is the olympiad's admins' (and the overlord's). */
  canAuthor(actor: Actor, olympiadId: number): boolean {
    return holdsOlympiad(actor, olympiadId, ['admin']);
  },
  /** A second pair of eyes: whoever edited a question last may not verify it. */
  canVerify(actor: Actor, question: { lastEditedBy: number | null }): boolean {
    return question.lastEditedBy == null || question.lastEditedBy !== actor.userId;
  },
};
