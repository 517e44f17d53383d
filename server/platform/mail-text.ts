/** Text helpers shared by the mailer and the mail feature. */
import { escapeHtml } from './html.js';

/** Fills `{{name}}` variables; in HTML the values are escaped. Unknown names become empty. */
export function fill(text: string, vars: Record<string, string>, html: boolean): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = vars[name] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** A plain-text part from sanitised HTML: paragraphs and breaks become new lines, links keep their address. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_, href: string, text: string) =>
      text.replace(/<[^>]+>/g, '').trim() === href ? href : `${text} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|ul|ol)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
