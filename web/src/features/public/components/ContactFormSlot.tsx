import { ContactForm } from './ContactForm.js';

/**
 * The contact form on /olympus/contact and /{projectName}/contact (honeypot, rate limit, a
 * thank-you; the message reaches the organisers through the mail queue). `projectName` is null on the platform's
 * own contact page.
 */
export function ContactFormSlot({ projectName }: { projectName: string | null }) {
  return projectName ? <ContactForm projectName={projectName} /> : <ContactForm />;
}
