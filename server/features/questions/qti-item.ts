import type { Element, Node } from '@xmldom/xmldom';
import { htmlText } from '#contract/content';
import type { AnswerKey } from '#contract/questions';
import { readChoice, readInlineChoice, readOrder } from './qti-choice.js';
import { readTextEntry } from './qti-entry.js';
import { readGraphicGapMatch, readHotspot, readSelectPoint } from './qti-graphic.js';
import { readGapMatch, readMatch } from './qti-pairs.js';
import { GAP_TEXT_CLASS, QUESTION_IMAGE_CLASS } from './qti-question.js';
import {
  type ItemContext,
  type ReadItem,
  Refused,
  type Rest,
  type Size,
  type UrlOf,
  declarationOf,
  ownScoring,
  refuse,
  wholeMarks,
} from './qti-reading.js';
import {
  CDATA,
  ELEMENT,
  TEXT,
  attr,
  blockElements,
  childrenNamed,
  descendants,
  elementsOf,
  escText,
  keyOf,
  knownNamespaces,
  notPrompt,
  parseXml,
  resolvePath,
  squash,
  valuesOf,
  voidElements,
} from './qti-xml.js';

import { xmlLangOf } from './qti-language.js';

export { type ReadItem, Refused } from './qti-reading.js';

/**
 * Reading one QTI assessment item into a question (decisions 017, 027, 081 and 084): the item around its one
 * interaction (the prompt, the question's own picture, the response declaration and MAXSCORE); the interaction
 * itself is read by its family: qti-choice.ts (choice, order, inline choice), qti-entry.ts (text entry),
 * qti-graphic.ts (hotspot, select point, graphic gap match) and qti-pairs.ts (match, gap match). qti-read.ts reads a
 * whole upload and checks every item; qti-xml.ts holds the namespace-aware DOM helpers.
 */

type Reader = (ctx: ItemContext, marks: number) => ReadItem;
/** The interactions Olympus takes, by their element (QTI 2 and 3 names alike, see keyOf). */
const readers: Record<string, Reader> = {
  choiceinteraction: readChoice,
  textentryinteraction: readTextEntry,
  inlinechoiceinteraction: readInlineChoice,
  orderinteraction: readOrder,
  matchinteraction: readMatch,
  gapmatchinteraction: readGapMatch,
  hotspotinteraction: readHotspot,
  selectpointinteraction: readSelectPoint,
  graphicgapmatchinteraction: readGraphicGapMatch,
};
/** What the interactions Olympus does not take ask of a learner, in a teacher's words, for the reason of a refusal. */
const kindNames: Record<string, string> = {
  associateinteraction: 'Making pairs from one list',
  graphicorderinteraction: 'Putting places on a picture in order',
  graphicassociateinteraction: 'Joining places on a picture in pairs',
  hottextinteraction: 'Choosing words in a text',
  sliderinteraction: 'A slider',
  extendedtextinteraction: 'A written answer of more than a line',
  uploadinteraction: 'Uploading a file',
  drawinginteraction: 'A drawing',
  mediainteraction: 'Playing a recording',
  positionobjectinteraction: 'Placing a picture on another',
  endattemptinteraction: 'A button that ends the attempt',
  custominteraction: 'A custom interaction',
  portablecustominteraction: 'A custom interaction',
};
/** The interactions on a picture of their own: their picture is the question's, not a block before the prompt. */
const onPicture = new Set(['hotspotinteraction', 'selectpointinteraction', 'graphicgapmatchinteraction']);
/** Elements that hold a line of text: the block an inline choice stands in is the question's text with its gap. */
const textBlocks = new Set([...blockElements, 'li', 'td', 'th', 'dd', 'dt']);

/**
 * The learner-facing HTML of part of an item body: XHTML elements as they are (the rich-text sanitiser
 * decides what stays), feedback and templating left out, images pointed at their stored copies.
 */
function renderer(file: string, images: Set<string>) {
  /** An image's address: a web address as it is, a package file through `urlOf` once it is stored. */
  const imageSrc = (src: string, urlOf: (path: string) => string) => {
    const trimmed = src.trim();
    if (/^https?:\/\//i.test(trimmed)) return trimmed;
    const path = resolvePath(file, trimmed) ?? refuse(`The image “${src.slice(0, 100)}” is not a file in the package`);
    images.add(path);
    return urlOf(path);
  };
  const render = (node: Node, urlOf: (path: string) => string, out: string[]) => {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT || c.nodeType === CDATA) {
        const text = c.nodeValue ?? '';
        out.push(text.trim() === '' && text.includes('\n') ? '\n' : escText(text));
        continue;
      }
      if (c.nodeType !== ELEMENT) continue;
      const el = c as Element;
      if (notPrompt.has(keyOf(el))) continue;
      if (el.namespaceURI && !knownNamespaces.has(el.namespaceURI))
        refuse(`The item uses <${el.nodeName}> (${el.namespaceURI}), which cannot be shown here`);
      const tag = (el.localName ?? el.nodeName).toLowerCase();
      if (tag === 'object') refuse('The item embeds media (<object>), which is not imported');
      if (tag.endsWith('interaction')) refuse(`The item has a second interaction (<${el.nodeName}>)`);
      const attrs: string[] = [];
      for (let i = 0; i < el.attributes.length; i++) {
        const a = el.attributes.item(i)!;
        if (a.prefix || a.name.startsWith('xmlns')) continue;
        let value = a.value;
        if (tag === 'img' && a.name === 'src') value = imageSrc(value, urlOf);
        attrs.push(` ${a.name}="${escText(value).replace(/"/g, '&quot;')}"`);
      }
      out.push(`<${tag}${attrs.join('')}>`);
      if (voidElements.has(tag)) continue;
      render(el, urlOf, out);
      out.push(`</${tag}>`);
    }
  };
  return {
    imageSrc,
    html(node: Node, urlOf: (path: string) => string) {
      const out: string[] = [];
      render(node, urlOf, out);
      return out.join('');
    },
  };
}

/** A prompt with neither text nor a picture (an empty paragraph or wrapper) is no prompt: the options ask. */
const promptOf = (html: string) => (htmlText(html) || /<img\b/i.test(html) ? html : '');

/** One assessment item read into a question, or why it cannot be imported. */
export function readItem(xml: string, file: string): { item?: ReadItem; error?: string; skip?: boolean } {
  const parsed = parseXml(xml);
  if (!parsed.doc) return { error: parsed.error };
  const root = parsed.doc.documentElement!;
  const rootKey = keyOf(root);
  if (rootKey === 'assessmenttest' || rootKey === 'assessmentsection' || rootKey === 'manifest') return { skip: true };
  if (rootKey !== 'assessmentitem')
    return { error: `Not a QTI assessment item (the root element is <${root.nodeName}>)` };
  const identifier = attr(root, 'identifier') ?? file;
  try {
    return { item: analyse(root, file, identifier) };
  } catch (err) {
    if (err instanceof Refused) return { error: `Item “${identifier}”: ${err.message}` };
    throw err;
  }
}

function analyse(root: Element, file: string, identifier: string): ReadItem {
  const body = childrenNamed(root, 'itemBody')[0] ?? refuse('The item has no body');
  const interactions = descendants(body, (e) => keyOf(e).endsWith('interaction'));
  if (interactions.length === 0) refuse('The item has no interaction to answer');
  const interaction = interactions[0]!;
  const kind = keyOf(interaction);
  const reader =
    readers[kind] ??
    refuse(
      `${kindNames[kind] ?? 'This kind of question'} (<${interaction.nodeName}>) is not a question type Olympus has; choice, text entry, inline choice, order, match, gap match, hotspot, select point and graphic gap match items are imported`,
    );
  if (interactions.length > 1)
    refuse(`The item has ${interactions.length} interactions; only items with a single one are imported`);

  const responseId = attr(interaction, 'responseIdentifier') ?? refuse('The interaction names no response');
  const declarationEl =
    childrenNamed(root, 'responseDeclaration').find((d) => attr(d, 'identifier') === responseId) ??
    refuse(`No response declaration for “${responseId}”`);
  const decl = declarationOf(declarationEl);
  const maxScore = childrenNamed(root, 'outcomeDeclaration').find((o) => attr(o, 'identifier') === 'MAXSCORE');
  const maxValue = maxScore ? Number(valuesOf(childrenNamed(maxScore, 'defaultValue')[0])[0] ?? NaN) : NaN;
  const notes: string[] = [];
  const sizes = new Map<string, Size>();
  const shown = new Map<string, Size>();

  const images = new Set<string>();
  const { html: render, imageSrc } = renderer(file, images);
  const item = (answerKey: AnswerKey | null, marks: number, rest: (urlOf: UrlOf) => Rest): ReadItem => ({
    file,
    identifier,
    language: xmlLangOf(root),
    images: [...images],
    notes,
    keyless: answerKey == null,
    sizes,
    shown,
    build: (urlOf) => ({
      shuffle: true,
      imageUrl: picture ? imageSrc(picture.src, urlOf) : null,
      imageAlt: picture?.alt ?? '',
      // The question's own picture is measured as the editor measures it: its stored size.
      imageWidth: picture ? (sizes.get(imageSrc(picture.src, (p) => p))?.width ?? null) : null,
      imageHeight: picture ? (sizes.get(imageSrc(picture.src, (p) => p))?.height ?? null) : null,
      targets: [],
      gapText: '',
      maxChoices: 1,
      answerKey,
      ...rest(urlOf),
      prompt: promptOf(render(promptRoot, urlOf)),
      marks: wholeMarks(marks),
    }),
  });
  // The question's own picture as our export writes it (a block of its own before the prompt), so a round trip
  // keeps it the question's picture rather than part of the prompt; other tools' pictures stay in the prompt. An
  // interaction on a picture has its picture inside it.
  let picture: { src: string; alt: string } | null = null;
  for (const el of onPicture.has(kind) ? [] : elementsOf(body)) {
    const img = elementsOf(el)[0];
    if (
      keyOf(el) === 'div' &&
      (el.getAttribute('class') ?? '').split(/\s+/).includes(QUESTION_IMAGE_CLASS) &&
      elementsOf(el).length === 1 &&
      img &&
      keyOf(img) === 'img' &&
      img.getAttribute('src')
    ) {
      picture = { src: img.getAttribute('src')!, alt: squash(img.getAttribute('alt') ?? '') };
      body.removeChild(el);
      imageSrc(picture.src, () => '');
      break;
    }
  }
  const gapBlock = separate(root, body, interaction, kind);
  // Wrappers that hold the whole prompt (our own export's div, TAO's grid rows) add nothing.
  let promptRoot: Node = body;
  for (;;) {
    const els = elementsOf(promptRoot);
    let text = '';
    for (let c = promptRoot.firstChild; c; c = c.nextSibling) if (c.nodeType !== ELEMENT) text += c.nodeValue ?? '';
    if (els.length === 1 && keyOf(els[0]!) === 'div' && text.trim() === '') promptRoot = els[0]!;
    else break;
  }
  render(promptRoot, () => ''); // collects the images and refuses what cannot be shown

  // The marks: MAXSCORE, else the mapping's upper bound, else what the item's own scoring gives the correct response.
  const marks = Number.isFinite(maxValue) ? maxValue : (decl.upperBound ?? ownScoring(root, responseId).correct ?? NaN);
  const ctx = { root, interaction, decl, responseId, maxValue, notes, imageSrc, sizes, shown, gapBlock, item };
  return reader(ctx, marks);
}

/**
 * Takes the interaction out of the body, which is then the prompt: an interaction's own prompt stands in its place;
 * a text entry inside a sentence becomes a blank, on a line of its own it goes; an inline choice takes the block it
 * stands in with it (our export's text block, else the paragraph), which is returned as the question's text.
 */
function separate(root: Element, body: Element, interaction: Element, kind: string): Element | null {
  const doc = root.ownerDocument!;
  const parent = interaction.parentNode!;
  if (kind === 'inlinechoiceinteraction') {
    let block: Element | null = null;
    for (
      let at = parent as Element | null;
      at && at !== body && at.nodeType === ELEMENT;
      at = at.parentNode as Element
    ) {
      if ((at.getAttribute('class') ?? '').split(/\s+/).includes(GAP_TEXT_CLASS)) block = at;
      else if (!block && textBlocks.has(keyOf(at))) block = at;
    }
    if (block) {
      // The block goes, and the wrappers it leaves empty with it (a quotation around the sentence).
      let from = block.parentNode as Element;
      from.removeChild(block);
      while (from !== body && squash(from.textContent ?? '') === '' && elementsOf(from).length === 0) {
        const up = from.parentNode as Element;
        up.removeChild(from);
        from = up;
      }
    } else {
      // Straight in the body: the whole body is the text.
      block = doc.createElementNS(body.namespaceURI, 'div');
      while (body.firstChild) block.appendChild(body.firstChild);
    }
    return block;
  }
  if (kind !== 'textentryinteraction') {
    const interactionPrompt = childrenNamed(interaction, 'prompt')[0];
    if (interactionPrompt) {
      // QTI 3.0 prompts may hold paragraphs of their own; those need a block around them, not a paragraph.
      const blocks = elementsOf(interactionPrompt).some((e) => blockElements.has(keyOf(e)));
      const p = doc.createElementNS(interaction.namespaceURI, blocks ? 'div' : 'p');
      while (interactionPrompt.firstChild) p.appendChild(interactionPrompt.firstChild);
      parent.insertBefore(p, interaction);
      interaction.removeChild(interactionPrompt);
    }
    parent.removeChild(interaction);
    return null;
  }
  // In a sentence when text or inline elements stand next to it; among blocks when only blocks do.
  let sentence = false;
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c === interaction) continue;
    if ((c.nodeType === TEXT || c.nodeType === CDATA) && (c.nodeValue ?? '').trim()) sentence = true;
    if (c.nodeType === ELEMENT && !blockElements.has(keyOf(c as Element))) sentence = true;
  }
  if (sentence) parent.replaceChild(doc.createTextNode('_____'), interaction);
  else {
    parent.removeChild(interaction);
    if (parent !== body && squash(parent.textContent ?? '') === '' && elementsOf(parent).length === 0)
      parent.parentNode?.removeChild(parent);
  }
  return null;
}
