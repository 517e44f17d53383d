import type { Element, Node } from '@xmldom/xmldom';
import { gapToken } from '#contract/interactions';
import { escapeHtml } from '../../platform/html.js';
import { refuse } from './qti-reading.js';
import { CDATA, ELEMENT, TEXT, blockElements, keyOf, notPrompt, squash } from './qti-xml.js';

/**
 * A text with gaps both ways (decision 084): QTI's block content holding `gap`s (gap match) or an inline choice,
 * and Olympus's `gapText`, plain text whose paragraphs are parted by a blank line, a line break a newline, and each
 * gap written `{{id}}`. Plain text, so formatting and pictures inside the text are left out (and said so).
 */

/** Elements that start a paragraph of their own in the plain text. */
const paragraphs = new Set([...blockElements, 'li', 'tr', 'td', 'th', 'dt', 'dd', 'caption']);

/**
 * The plain text of `container` with every element `tokenOf` names written as its gap; `skip` leaves out the
 * interaction's own parts (its prompt, the words to place).
 */
export function gapTextOf(
  container: Node,
  tokenOf: (el: Element) => string | null,
  notes: string[],
  skip: (el: Element) => boolean = () => false,
): string {
  const done: string[] = [];
  let line = '';
  let formatted = false;
  let pictured = false;
  const flush = () => {
    done.push(line);
    line = '';
  };
  const walk = (node: Node) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT || c.nodeType === CDATA) {
        const text = c.nodeValue ?? '';
        if (text.includes('{{') || text.includes('}}'))
          refuse('The text holds “{{” or “}}”, which Olympus would read as a gap');
        line += text.replace(/\s+/g, ' ');
        continue;
      }
      if (c.nodeType !== ELEMENT) continue;
      const el = c as Element;
      const key = keyOf(el);
      if (notPrompt.has(key) || skip(el)) continue;
      const token = tokenOf(el);
      if (token) line += `{{${token}}}`;
      else if (key === 'br') line += '\n';
      else if (key === 'img' || key === 'object') pictured = true;
      else if (paragraphs.has(key)) {
        flush();
        walk(el);
        flush();
      } else {
        if (key !== 'span') formatted = true;
        walk(el);
      }
    }
  };
  walk(container);
  flush();
  if (formatted) notes.push('The text with gaps is plain text: its formatting was left out');
  if (pictured) notes.push('A picture inside the text with gaps was left out');
  return done
    .map((p) => p.split('\n').map(squash).filter(Boolean).join('\n'))
    .filter(Boolean)
    .join('\n\n');
}

/** The text as XHTML paragraphs, each gap written by `gapXml` (a `qti-gap`, or the inline choice itself). */
export function gapTextXml(text: string, gapXml: (id: string) => string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((p) => {
      const lines = p.split('\n').map((l) => {
        let out = '';
        let at = 0;
        for (const m of l.matchAll(gapToken)) {
          out += escapeHtml(l.slice(at, m.index)) + gapXml(m[1]!);
          at = m.index + m[0].length;
        }
        return out + escapeHtml(l.slice(at));
      });
      return `<p>${lines.join('<br/>')}</p>`;
    })
    .join('');
}
