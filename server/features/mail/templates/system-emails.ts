import { type ServerMessageId, translate } from '../../../platform/i18n.js';
import { assertKnownVariables } from '../variables.js';

/** Every system message the platform sends, its named variables and its built-in wording. */
export const systemEmails = {
  'verify-email': {
    label: 'Verify an address / set a password',
    variables: ['name', 'username', 'link', 'olympiadTitle'],
    subject: 'Welcome to Olympus: confirm your address',
    html: '<p>Hello {{name}},</p><p>An Olympus account <b>{{username}}</b> was made for you. <a href="{{link}}">Confirm your address and choose a password</a>.</p>',
    sample: {
      name: 'Thandi Nkosi',
      username: 'tnkosi',
      link: 'https://olympus.example.org/verify-email/sample',
      olympiadTitle: 'Geography Olympiad 2026',
    },
  },
  'reset-password': {
    label: 'Reset a password',
    variables: ['name', 'username', 'link'],
    subject: 'Reset your Olympus password',
    html: '<p>Hello {{name}},</p><p>Someone (we hope you) asked to reset the password of <b>{{username}}</b>. <a href="{{link}}">Choose a new password</a> (the link works once, for 24 hours).</p>',
    sample: { name: 'Thandi Nkosi', username: 'tnkosi', link: 'https://olympus.example.org/verify-email/sample' },
  },
  'eoi-processed': {
    label: 'Expression of interest accepted',
    variables: ['name', 'schoolName', 'olympiadTitle', 'link'],
    subject: '{{schoolName}} can now enter the {{olympiadTitle}}',
    html: '<p>Hello {{name}},</p><p>Thank you for your interest. <b>{{schoolName}}</b> is registered: <a href="{{link}}">set your password</a> to enter the {{olympiadTitle}}.</p>',
    sample: {
      name: 'Thandi Nkosi',
      schoolName: 'Waterkloof High School',
      olympiadTitle: 'Geography Olympiad 2026',
      link: 'https://olympus.example.org/verify-email/sample',
    },
  },
  'eoi-declined': {
    label: 'Expression of interest declined',
    variables: ['name', 'schoolName', 'olympiadTitle', 'reason'],
    subject: 'Your interest in the {{olympiadTitle}}',
    html: '<p>Hello {{name}},</p><p>We could not register {{schoolName}} for the {{olympiadTitle}}: {{reason}}</p>',
    sample: {
      name: 'Thandi Nkosi',
      schoolName: 'Waterkloof High School',
      olympiadTitle: 'Geography Olympiad 2026',
      reason: 'the school is already registered.',
    },
  },
  'school-entered': {
    label: 'School entered in an olympiad',
    variables: ['name', 'username', 'schoolName', 'olympiadTitle', 'link'],
    subject: '{{schoolName}} is entered in {{olympiadTitle}}',
    html: '<p>Hello {{name}},</p><p>{{schoolName}} is entered in {{olympiadTitle}}. Sign in with your username <b>{{username}}</b> and <a href="{{link}}">load your learners</a>.</p>',
    sample: {
      name: 'Thandi Nkosi',
      username: 'tnkosi',
      schoolName: 'Waterkloof High School',
      olympiadTitle: 'Geography Olympiad 2026',
      link: 'https://olympus.example.org/portal/geo-2026',
    },
  },
  'learner-slips-ready': {
    label: 'Learner slips ready',
    variables: ['name', 'schoolName', 'olympiadTitle', 'link'],
    subject: 'Learner slips for {{schoolName}} are ready',
    html: '<p>Hello {{name}},</p><p>The sign-in slips of your learners for the {{olympiadTitle}} are ready: <a href="{{link}}">download them</a>.</p>',
    sample: {
      name: 'Thandi Nkosi',
      schoolName: 'Waterkloof High School',
      olympiadTitle: 'Geography Olympiad 2026',
      link: 'https://olympus.example.org/portal',
    },
  },
  invoice: {
    label: 'Invoice',
    variables: ['name', 'schoolName', 'olympiadTitle', 'amount', 'link'],
    subject: 'Invoice for {{schoolName}}: {{olympiadTitle}}',
    html: '<p>Hello {{name}},</p><p>The invoice of {{schoolName}} for the {{olympiadTitle}} comes to <b>{{amount}}</b>. <a href="{{link}}">View it in the portal</a>.</p>',
    sample: {
      name: 'Thandi Nkosi',
      schoolName: 'Waterkloof High School',
      olympiadTitle: 'Geography Olympiad 2026',
      amount: 'R 1 050.00',
      link: 'https://olympus.example.org/portal/invoices',
    },
  },
  certificates: {
    label: 'Certificates',
    variables: ['name', 'schoolName', 'olympiadTitle', 'link'],
    subject: 'Certificates of {{schoolName}}: {{olympiadTitle}}',
    html: '<p>Hello {{name}},</p><p>The certificates of your learners for the {{olympiadTitle}} are ready: <a href="{{link}}">download them</a>.</p>',
    sample: {
      name: 'Thandi Nkosi',
      schoolName: 'Waterkloof High School',
      olympiadTitle: 'Geography Olympiad 2026',
      link: 'https://olympus.example.org/portal/certificates',
    },
  },
} as const satisfies Record<
  string,
  { label: string; variables: readonly string[]; subject: string; html: string; sample: Record<string, string> }
>;

export type SystemEmailKind = keyof typeof systemEmails;

/** The languages a system message is worded in (decision 097). */
export const mailLanguages = ['en', 'af'] as const;
export type MailLanguage = (typeof mailLanguages)[number];
export const isSystemEmailKind = (k: string): k is SystemEmailKind => k in systemEmails;

/** Refuses a wording that uses variables its kind does not have. */
export const assertTemplateVariables = (kind: SystemEmailKind, subject: string, html: string) =>
  assertKnownVariables(subject, html, systemEmails[kind].variables, 'this message has');

/**
 * The built-in wording of a kind in a language, with its `{{variables}}` as an editor writes them: English as
 * written above, Afrikaans from the catalogue (locales/af/mail.json `mail.<kind>.subject` and `.html`, ICU messages
 * whose arguments are the kind's variables).
 */
export function defaultWording(kind: SystemEmailKind, language: MailLanguage): { subject: string; html: string } {
  const def = systemEmails[kind];
  if (language === 'en') return { subject: def.subject, html: def.html };
  const slots = Object.fromEntries(def.variables.map((v) => [v, `{{${v}}}`]));
  return {
    subject: translate(language, `mail.${kind}.subject` as ServerMessageId, slots),
    html: translate(language, `mail.${kind}.html` as ServerMessageId, slots),
  };
}
