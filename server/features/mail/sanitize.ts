import { createRequire } from 'node:module';

// `xss` is CommonJS and Node's ESM loader (tsx, `npm start`) does not see its named exports
// getDefaultWhiteList and safeAttrValue: load it with require.
const { FilterXSS, getDefaultWhiteList, safeAttrValue } = createRequire(import.meta.url)('xss') as typeof import('xss');

/**
 * Rich text from the editors, sanitised on the server before it is stored or sent (DESIGN §4). `xss` runs on
 * Node 20 (sanitize-html's current major needs Node 22): an allow-list of tags and attributes; scripts,
 * event handlers, styles and javascript: URLs are dropped.
 */
const whiteList = getDefaultWhiteList();
for (const tag of ['img', 'a', 'p', 'div', 'span', 'td', 'th', 'table']) {
  whiteList[tag] = [...new Set([...(whiteList[tag] ?? []), 'title', 'align'])];
}
whiteList.a = ['href', 'title', 'target', 'rel'];
whiteList.img = ['src', 'alt', 'title', 'width', 'height'];

const filter = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed'],
  safeAttrValue(tag, name, value, cssFilter) {
    if ((name === 'href' || name === 'src') && !/^(https?:|mailto:|#|\/)/i.test(value.trim())) return '';
    return safeAttrValue(tag, name, value, cssFilter);
  },
});

export const sanitizeHtml = (html: string): string => filter.process(html);

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

export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
