import type { FastifyInstance } from 'fastify';
import { ContactBody } from '#contract/public';
import { Ok } from '#contract/errors';
import type { Config } from '../../config.js';
import { projectNotFound, rateLimited } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { escapeHtml } from '../../platform/html.js';
import { requestLocale, translate } from '../../platform/i18n.js';
import { reserve } from '../../platform/throttle.js';
import { findProject } from './queries.js';

/**
 * The organisers' address: the project's own (CONTACT_EMAILS), else the platform's support address (the runtime
 * settings' `supportEmail`, CONTACT_EMAIL until the overlord changes it; decision 036).
 */
export const organisersAddress = (contact: Config['contact'], projectName: string | null, supportEmail: string) =>
  (projectName && contact.projects[projectName.toLowerCase()]) || supportEmail;

/**
 * The contact forms of /olympus/contact and /{projectName}/contact: a visitor's message goes
 * to the organisers through the mail queue (so it is in the email log), with a honeypot and limits per address
 * and per sender, counted before anything else is done (server/platform/throttle.ts, as the EOI form does).
 */
export async function contactFormRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'POST',
    url: '/website/api/contact',
    summary:
      'Write to the organisers of a project (projectName) or of the platform: mailed to their address and kept in ' +
      'the email log (honeypot field `website`; rate-limited per address and per sender)',
    tags: ['public'],
    access: 'public',
    body: ContactBody,
    response: Ok,
    // No transaction: the throttle's slot is kept even when sending then fails.
    handler: async ({ db, req, body, audit }) => {
      // The visitor reads the answer in the page's language (the web app sends it as Accept-Language).
      const locale = requestLocale(req.headers);
      const thanks = {
        success: true as const,
        message: translate(locale, 'api-public.contact.thanks', { name: body.name, email: body.email }),
      };
      // A bot filled the field people never see: answer as usual, send nothing.
      if (body.website && body.website.trim() !== '') return thanks;
      const limits = app.config.contact;
      const reservation = await reserve(db, [
        { key: `contact:address:${req.ip}`, limit: limits.perAddressPerHour, windowMinutes: 60 },
        { key: `contact:email:${body.email.toLowerCase()}`, limit: limits.perEmailPerHour, windowMinutes: 60 },
      ]);
      if (!reservation.granted) {
        throw rateLimited(translate(locale, 'api-public.contact.tooMany'), reservation.retryAfterSeconds);
      }
      const project = body.projectName ? await findProject(db, body.projectName) : null;
      if (body.projectName && !project) throw projectNotFound();
      const site = project?.title ?? 'Olympus';
      const subject = `[${site}] ${body.subject || `A message from ${body.name}`}`;
      const text =
        `${body.name} <${body.email}> wrote through the contact form of ${site}` +
        `${project ? ` (${app.config.publicUrl}/${project.projectName}/contact)` : ''}:\n\n` +
        `${body.subject ? `Subject: ${body.subject}\n\n` : ''}${body.message}\n\n` +
        `Answer by writing to ${body.email}.\n`;
      const { id } = await app.mailer.send(db, {
        kind: 'contact',
        to: organisersAddress(limits, project?.projectName ?? null, (await app.settings.get()).supportEmail),
        subject,
        text,
        html: text
          .split('\n\n')
          .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
          .join(''),
      });
      await audit('contact.send', {
        entityId: id,
        data: { projectName: project?.projectName ?? null, from: body.email },
      });
      return thanks;
    },
  });
}
