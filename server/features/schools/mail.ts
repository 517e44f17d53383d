import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.js';
import { createUserToken, verifyLink } from '../../platform/user-tokens.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface MailUser {
  id: number;
  email: string | null;
  firstName: string;
  lastName: string;
  username: string;
}
const nameOf = (u: MailUser) => `${u.firstName} ${u.lastName}`.trim() || u.username;

/**
 * Mails a teacher a one-time link to verify their address and choose a password (a new teacher,
 * "resend verification"), or to reset it. Goes through the mailer, so it is logged in `emails`.
 */
export async function mailTeacherLink(
  app: FastifyInstance,
  q: Queryable,
  user: MailUser,
  purpose: 'verify_email' | 'reset_password',
  context: { schoolName?: string | null; olympiadTitle?: string | null; olympiadId?: number | null } = {},
) {
  if (!user.email) return null;
  const hours = purpose === 'verify_email' ? 24 * 7 : 24;
  const token = await createUserToken(q, app.config.appSecret, { userId: user.id, purpose, hours });
  const link = verifyLink(app.config.publicUrl, token);
  const name = nameOf(user);
  const entered =
    context.olympiadTitle && context.schoolName ? ` ${context.schoolName} is entered in ${context.olympiadTitle}.` : '';
  const subject =
    purpose === 'verify_email'
      ? 'Welcome to Olympus: verify your address and choose a password'
      : 'Reset your Olympus password';
  const lead =
    purpose === 'verify_email'
      ? `Welcome to Olympus.${entered} Your username is "${user.username}". Open this link within 7 days to verify your address and choose a password:`
      : `An organiser reset the password of your Olympus account "${user.username}". Open this link within 24 hours to choose a new password:`;
  await app.mailer.send(q, {
    kind: purpose === 'verify_email' ? 'teacher-verify' : 'teacher-reset-password',
    to: user.email,
    userId: user.id,
    olympiadId: context.olympiadId ?? null,
    template: {
      kind: purpose === 'verify_email' ? 'verify-email' : 'reset-password',
      vars: { name, username: user.username, link, olympiadTitle: context.olympiadTitle ?? '' },
    },
    subject,
    text: `Hello ${name},\n\n${lead}\n\n${link}\n\nThe link works once. After that, sign in at ${app.config.publicUrl}/login.\n`,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(lead)}</p><p><a href="${link}">${purpose === 'verify_email' ? 'Verify and choose a password' : 'Choose a new password'}</a></p>` +
      `<p>The link works once. After that, sign in at <a href="${app.config.publicUrl}/login">${escapeHtml(app.config.publicUrl)}/login</a>.</p>`,
  });
  return link;
}

export async function mailEoiDeclined(
  app: FastifyInstance,
  q: Queryable,
  eoi: { teacherEmail: string; teacherFirstName: string; schoolName: string; olympiadId: number | null },
  olympiadTitle: string | null,
  reason: string,
) {
  const what = olympiadTitle ? `${olympiadTitle}` : 'the olympiad';
  const text =
    `Hello ${eoi.teacherFirstName},\n\nThank you for the interest of ${eoi.schoolName} in ${what}. ` +
    `We cannot take it further, for this reason:\n\n${reason}\n\nIf you have questions, reply to this message.\n`;
  await app.mailer.send(q, {
    kind: 'eoi-declined',
    to: eoi.teacherEmail,
    olympiadId: eoi.olympiadId,
    template: {
      kind: 'eoi-declined',
      vars: { name: eoi.teacherFirstName, schoolName: eoi.schoolName, olympiadTitle: what, reason },
    },
    subject: `Your expression of interest in ${what}`,
    text,
    html: text
      .split('\n\n')
      .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
      .join(''),
  });
}

/** To a teacher who already has an account: their school is entered. */
export async function mailSchoolEntered(
  app: FastifyInstance,
  q: Queryable,
  user: MailUser,
  context: { schoolName: string; olympiadTitle: string; olympiadId: number; olympiadName: string },
) {
  if (!user.email) return;
  const link = `${app.config.publicUrl}/portal/${context.olympiadName}`;
  const text =
    `Hello ${nameOf(user)},\n\n${context.schoolName} is entered in ${context.olympiadTitle}. ` +
    `Sign in with your username "${user.username}" and load your learners here:\n\n${link}\n`;
  await app.mailer.send(q, {
    kind: 'school-entered',
    to: user.email,
    userId: user.id,
    olympiadId: context.olympiadId,
    template: {
      kind: 'school-entered',
      vars: {
        name: nameOf(user),
        username: user.username,
        schoolName: context.schoolName,
        olympiadTitle: context.olympiadTitle,
        link,
      },
    },
    subject: `${context.schoolName} is entered in ${context.olympiadTitle}`,
    text,
    html: `<p>Hello ${escapeHtml(nameOf(user))},</p><p>${escapeHtml(context.schoolName)} is entered in ${escapeHtml(context.olympiadTitle)}. Sign in with your username <b>${escapeHtml(user.username)}</b> and <a href="${link}">load your learners</a>.</p>`,
  });
}
