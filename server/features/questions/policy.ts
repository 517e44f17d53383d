import { definePolicy } from '../../http/policy.js';

/** A question module, a question, or an olympiad's paper, as the authoring policy reads it. */
export interface PaperRecord {
  olympiadId: number;
  /** A question's last editor (null when nobody is recorded). */
  lastEditedById?: number | null;
}

const capabilities = {
  /** Write an olympiad's paper: its modules, questions, images, imports and exports. */
  edit: ['overlord', 'admin'],
  /** Mark a question verified: a second pair of eyes. */
  verify: ['overlord', 'admin'],
} as const;

/**
 * Authoring (docs/spec.md §3): an olympiad's paper is its admins' (and the overlord's). A question is verified
 * by a second pair of eyes: whoever edited it last may not verify it.
 */
export const questionsPolicy = definePolicy({
  capabilities,
  rule(actor, action, record: PaperRecord, holds, can) {
    switch (action) {
      case 'edit':
        return holds.olympiad(record.olympiadId);
      case 'verify':
        return can('edit') && (record.lastEditedById == null || record.lastEditedById !== actor.userId);
    }
  },
});

/** The `can` flags of a module and of a question. */
export const moduleFlags = ['edit'] as const;
export const questionFlags = ['edit', 'verify'] as const;
