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
    if (name === 'href' || name === 'src') {
      // A whole-value template variable ({{link}}) is filled by the platform with a link it made itself.
      if (/^\{\{\s*[\w.]+\s*\}\}$/.test(value.trim())) return value.trim();
      if (!/^(https?:|mailto:|#|\/)/i.test(value.trim())) return '';
    }
    return safeAttrValue(tag, name, value, cssFilter);
  },
});

export const sanitizeHtml = (html: string): string => filter.process(html);

export { escapeHtml, htmlToText } from '../../platform/mail-text.js';
