import xssDefault from 'xss';

const xss = xssDefault as unknown as typeof import('xss');

/**
 * Rich text from the authoring editors (question prompts, module intros, olympiad instructions and
 * declaration), sanitised on the server before it is stored, since editors' HTML is shown to others.
 * `xss` runs on Node 20 (sanitize-html's current major needs Node 22). An allow-list of tags and
 * attributes: scripts, styles, event handlers and javascript:/data: URLs are dropped; images only from
 * http(s) or our own paths.
 * `xss` is CommonJS: its named exports are read from the default import.
 */
const allowed: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  small: [],
  mark: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  code: [],
  pre: [],
  hr: [],
  span: [],
  div: [],
  ul: [],
  ol: ['start'],
  li: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  caption: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  figure: [],
  figcaption: [],
};

/**
 * An attribute's URL as the browser will follow it: character references decoded (`&#92;` is `\`), and
 * the tabs, newlines and control characters a browser drops from a URL removed.
 */
function urlAsBrowserReadsIt(value: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters are what is removed
  const strip = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, '');
  return strip(xss.friendlyAttrValue(strip(value))).trim();
}

/**
 * A path on our own site. Browsers read `\` as `/` in http(s) addresses, so `/\evil.example`, like
 * `//evil.example`, is a link to another site and is refused.
 */
function isLocalPath(value: string): boolean {
  return /^\/(?![/\\])/.test(urlAsBrowserReadsIt(value));
}

/** A whole-value template variable such as {{link}}, filled later by the platform with a link it made itself. */
const templateVariable = /^\{\{\s*[\w.]+\s*\}\}$/;

function makeFilter(templateLinks: boolean) {
  return new xss.FilterXSS({
    whiteList: allowed,
    stripIgnoreTag: true,
    stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
    allowCommentTag: false,
    onIgnoreTagAttr: () => '',
    safeAttrValue(tag, name, value, cssFilter) {
      const v = value.trim();
      if (templateLinks && (name === 'href' || name === 'src') && templateVariable.test(v)) return v;
      if (name === 'href' && !/^(?:https?:\/\/|mailto:|#)/i.test(urlAsBrowserReadsIt(v)) && !isLocalPath(v)) return '';
      if (name === 'src' && !/^https?:\/\//i.test(urlAsBrowserReadsIt(v)) && !isLocalPath(v)) return '';
      if (name === 'target') return v === '_blank' ? '_blank' : '';
      return xss.safeAttrValue(tag, name, value, cssFilter);
    },
  });
}

const filters = { plain: makeFilter(false), templates: makeFilter(true) };

/**
 * The one sanitiser for rich text. `templateLinks` (mail templates and mailings) also keeps links whose
 * whole value is a {{variable}}, which the platform fills with a link it made itself.
 */
export function sanitizeRichText(html: string, options: { templateLinks?: boolean } = {}): string {
  return (options.templateLinks ? filters.templates : filters.plain).process(html).trim();
}

// The text of sanitised HTML (whether a prompt says anything at all, a prompt in a report) is contract/content.ts's
// htmlText, the one way for server and web alike.
