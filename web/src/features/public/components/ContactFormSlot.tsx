/**
 * Where the contact form goes on /olympus/contact and /{projectName}/contact (issue 14 part 5: the form, its
 * honeypot, rate limit and thank-you are built separately and fill this slot). `projectName` is null on the
 * platform's own contact page.
 */
export function ContactFormSlot(_props: { projectName: string | null }) {
  return null;
}
