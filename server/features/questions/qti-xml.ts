import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';

// ---------------------------------------------------------------------------------------------------------
// Reading QTI written by any tool: QTI 3.0 (`qti-assessment-item`, kebab-case attributes) and QTI 2.1/2.2
// (`assessmentItem`, camelCase attributes), with or without namespace prefixes, through a namespace-aware
// DOM (decision 027). Elements are compared by their local name with the `qti-` prefix and hyphens removed,
// so `qti-choice-interaction` and `choiceInteraction` are the same element to this code.

/** The QTI namespaces (and XHTML, which 2.x items may embed); elements of any other namespace are refused. */
export const knownNamespaces = new Set([
  'http://www.imsglobal.org/xsd/imsqti_v2p0',
  'http://www.imsglobal.org/xsd/imsqti_v2p1',
  'http://www.imsglobal.org/xsd/imsqti_v2p2',
  'http://www.imsglobal.org/xsd/imsqtiasi_v3p0',
  'http://www.w3.org/1999/xhtml',
]);
/** Elements that are scoring feedback or templating, not part of what a learner reads before answering. */
export const notPrompt = new Set([
  'feedbackinline',
  'feedbackblock',
  'modalfeedback',
  'templateinline',
  'templateblock',
  'rubricblock',
  'printedvariable',
  'stylesheet',
]);
export const voidElements = new Set(['br', 'hr', 'img']);
/** Elements that hold blocks rather than a line of text. */
export const blockElements = new Set([
  'div',
  'p',
  'ul',
  'ol',
  'table',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'figure',
]);
export const MAX_ITEMS = 2000;

export const ELEMENT = 1;
export const TEXT = 3;
export const CDATA = 4;

/** `qti-choice-interaction`, `choiceInteraction` and `m:choiceInteraction` all become `choiceinteraction`. */
export function keyOf(el: Element): string {
  const name = el.localName ?? el.nodeName;
  return (name.startsWith('qti-') ? name.slice(4) : name).split('-').join('').toLowerCase();
}
/** An attribute under its QTI 2 (camelCase) or QTI 3 (kebab-case) name. */
export function attr(el: Element, camel: string): string | null {
  const kebab = camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return el.getAttribute(camel) ?? el.getAttribute(kebab);
}
export const elementsOf = (node: Node): Element[] => {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === ELEMENT) out.push(c as Element);
  return out;
};
export const childrenNamed = (el: Element, name: string) =>
  elementsOf(el).filter((c) => keyOf(c) === name.toLowerCase());
export function descendants(el: Element, test: (e: Element) => boolean, out: Element[] = []): Element[] {
  for (const c of elementsOf(el)) {
    if (test(c)) out.push(c);
    descendants(c, test, out);
  }
  return out;
}
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
export const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const valuesOf = (el: Element | undefined) =>
  el ? childrenNamed(el, 'value').map((v) => (v.textContent ?? '').trim()) : [];

/** The text of an XML file: a byte-order mark, else the encoding its declaration names, else UTF-8. */
export function decodeXml(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const head = bytes.subarray(0, 200).toString('latin1');
  let label = 'utf-8';
  if (head.startsWith('<?xml')) {
    const end = head.indexOf('?>');
    const decl = end > 0 ? head.slice(0, end) : '';
    const at = decl.indexOf('encoding');
    if (at > 0) {
      const rest = decl.slice(at + 'encoding'.length).trimStart();
      const quote = rest[1];
      if (rest[0] === '=' && (quote === '"' || quote === "'")) label = rest.slice(2, rest.indexOf(quote, 2)).trim();
    }
  }
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * A DOM of the text, or why it is not well-formed XML. xmldom does not expand entities declared in a
 * DOCTYPE (an undeclared entity is an error here), so neither external entities nor entity bombs can reach us.
 */
export function parseXml(text: string): { doc?: Document; error?: string } {
  let first: string | null = null;
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level === 'warning') return;
        first ??= message.split('\n')[0]!;
        throw new Error(first);
      },
    }).parseFromString(text, 'text/xml');
    if (!doc.documentElement) return { error: 'The file has no XML root element' };
    return { doc };
  } catch {
    return { error: `The file is not well-formed XML (${(first ?? 'unreadable').slice(0, 200)})` };
  }
}

/** A package path relative to the file that names it; null when it leaves the package or is not a path. */
export function resolvePath(from: string, href: string): string | null {
  let ref = href.split('#')[0]!.split('?')[0]!;
  try {
    ref = decodeURIComponent(ref);
  } catch {
    return null;
  }
  if (!ref || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('/')) return null;
  const parts = from.includes('/') ? from.split('/').slice(0, -1) : [];
  for (const seg of ref.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}
