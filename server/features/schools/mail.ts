import type { Queryable } from '../../db/client.js';
import { escapeHtml } from '../../platform/html.js';
import {
  teacherName as nameOf,
  type TeacherMailDeps,
  type TeacherMailUser as MailUser,
} from '../../platform/teacher-accounts.js';

/** To the teacher of a declined expression: the reason. */
export async function mailEoiDeclined(
  deps: Pick<TeacherMailDeps, 'mailer'>,
  q: Queryable,
  eoi: { teacherEmail: string; teacherFirstName: string; schoolName: string; olympiadId: number | null },
  olympiadTitle: string | null,
  reason: string,
) {
  const what = olympiadTitle ? `${olympiadTitle}` : 'the olympiad';
  const text =
    `Hello ${eoi.teacherFirstName},\n\nThank you for the interest of ${eoi.schoolName} in ${what}. ` +
    `We cannot take it further, for this reason:\n\n${reason}\n\nIf you have questions, reply to this message.\n`;
  await deps.mailer.send(q, {
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
  deps: TeacherMailDeps,
  q: Queryable,
  user: MailUser,
  context: { schoolName: string; olympiadTitle: string; olympiadId: number; olympiadName: string },
) {
  if (!user.email) return;
  const link = `${deps.config.publicUrl}/portal/${context.olympiadName}`;
  const text =
    `Hello ${nameOf(user)},\n\n${context.schoolName} is entered in ${context.olympiadTitle}. ` +
    `Sign in with your username "${user.username}" and load your learners here:\n\n${link}\n`;
  await deps.mailer.send(q, {
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
