import xssDefault from 'xss';

const xss = xssDefault as unknown as typeof import('xss');

/**
 * Rich text from the authoring editors (question prompts, module intros, olympiad instructions and
 * declaration), sanitised on the server before it is stored (DESIGN §4). `xss` runs on Node 20
 * (sanitize-html's current major needs Node 22). An allow-list of tags and attributes: scripts, styles,
 * event handlers and javascript:/data: URLs are dropped; images only from http(s) or our own paths.
 * `xss` is CommonJS: its named exports are read from the default import.
 */
const allowed: Record<string, string[]> = {
  p: [], br: [], strong: [], b: [], em: [], i: [], u: [], s: [], sub: [], sup: [], small: [], mark: [],
  h2: [], h3: [], h4: [], blockquote: [], code: [], pre: [], hr: [], span: [], div: [],
  ul: [], ol: ['start'], li: [],
  table: [], thead: [], tbody: [], tr: [], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'], caption: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  figure: [], figcaption: [],
};

const filter = new xss.FilterXSS({
  whiteList: allowed,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  allowCommentTag: false,
  onIgnoreTagAttr: () => '',
  safeAttrValue(tag, name, value, cssFilter) {
    const v = value.trim();
    if (name === 'href' && !/^(https?:|mailto:|#|\/(?!\/))/i.test(v)) return '';
    if (name === 'src' && !/^(https?:|\/(?!\/))/i.test(v)) return '';
    if (name === 'target') return v === '_blank' ? '_blank' : '';
    return xss.safeAttrValue(tag, name, value, cssFilter);
  },
});

export function sanitizeRichText(html: string): string {
  return filter.process(html).trim();
}

/** The text of sanitised HTML, e.g. to tell whether a prompt says anything at all. */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
