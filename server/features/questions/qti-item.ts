import type { Element, Node } from '@xmldom/xmldom';
import { htmlText } from '#contract/content';
import type { AnswerKey } from '#contract/questions';
import { QUESTION_IMAGE_CLASS, type QtiQuestion } from './qti-write.js';
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

/**
 * Reading one QTI assessment item into a question (decisions 017 and 027): its interaction, response declaration,
 * prompt and images; qti-read.ts reads a whole upload (a package or one item file) and checks every item, and
 * qti-xml.ts holds the namespace-aware DOM helpers.
 */

/** An item understood: its question (built once its images have addresses), the images it needs, notes. */
export interface ReadItem {
  file: string;
  identifier: string;
  /** Package paths of the images the prompt and choices show. */
  images: string[];
  /** Things kept in a simpler form (partial-credit answers left out, case-sensitive answers…). */
  notes: string[];
  /** No correct response: imported as a draft without a key. */
  keyless: boolean;
  build(urlOf: (path: string) => string): QtiQuestion;
}

/** Why an item, or a whole upload, cannot be imported. */
export class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

interface Declaration {
  cardinality: string;
  baseType: string;
  correct: string[];
  mapping: Array<{ key: string; value: number; caseSensitive: boolean }>;
  upperBound: number | null;
}
function declarationOf(el: Element): Declaration {
  const mapping = childrenNamed(el, 'mapping')[0];
  const upper = mapping ? Number(attr(mapping, 'upperBound') ?? NaN) : NaN;
  return {
    cardinality: attr(el, 'cardinality') ?? 'single',
    baseType: attr(el, 'baseType') ?? '',
    correct: valuesOf(childrenNamed(el, 'correctResponse')[0]).filter(Boolean),
    mapping: mapping
      ? childrenNamed(mapping, 'mapEntry').map((e) => ({
          key: attr(e, 'mapKey') ?? '',
          value: Number(attr(e, 'mappedValue') ?? 0),
          caseSensitive: attr(e, 'caseSensitive') === 'true',
        }))
      : [],
    upperBound: Number.isFinite(upper) ? upper : null,
  };
}

const wholeMarks = (n: number) => Math.min(100, Math.max(n > 0 ? 1 : 0, Math.round(n)));

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

/** The plain text of an element, feedback and templating left out. */
function textOf(node: Node): string {
  let text = '';
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT || c.nodeType === CDATA) text += c.nodeValue ?? '';
    else if (c.nodeType === ELEMENT && !notPrompt.has(keyOf(c as Element))) text += ` ${textOf(c)} `;
  }
  return text;
}

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
  if (kind !== 'choiceinteraction' && kind !== 'textentryinteraction')
    refuse(`<${interaction.nodeName}> is not imported; only choice and text-entry items are`);
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

  const images = new Set<string>();
  const { html: render, imageSrc } = renderer(file, images);
  /** The item read: the question it builds once its images have addresses; without a key it is a draft. */
  const item = (
    answerKey: AnswerKey | null,
    marks: number,
    rest: (urlOf: (path: string) => string) => Pick<QtiQuestion, 'type' | 'options'> & { shuffle?: boolean },
  ): ReadItem => ({
    file,
    identifier,
    images: [...images],
    notes,
    keyless: answerKey == null,
    build: (urlOf) => ({
      shuffle: true,
      ...rest(urlOf),
      prompt: promptOf(render(promptRoot, urlOf)),
      imageUrl: picture ? imageSrc(picture.src, urlOf) : null,
      imageAlt: picture?.alt ?? '',
      answerKey,
      marks: wholeMarks(marks),
    }),
  });
  // The question's own picture as our export writes it (a block of its own before the prompt), so a round trip
  // keeps it the question's picture rather than part of the prompt; other tools' pictures stay in the prompt.
  let picture: { src: string; alt: string } | null = null;
  for (const el of elementsOf(body)) {
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
  // The prompt: the body without the interaction; a choice interaction's own prompt stands in its place,
  // a text entry inside a sentence becomes a blank, on a line of its own it goes.
  const doc = root.ownerDocument!;
  const interactionPrompt = childrenNamed(interaction, 'prompt')[0];
  const parent = interaction.parentNode!;
  if (kind === 'choiceinteraction') {
    if (interactionPrompt) {
      // QTI 3.0 prompts may hold paragraphs of their own; those need a block around them, not a paragraph.
      const blocks = elementsOf(interactionPrompt).some((e) => blockElements.has(keyOf(e)));
      const p = doc.createElementNS(interaction.namespaceURI, blocks ? 'div' : 'p');
      while (interactionPrompt.firstChild) p.appendChild(interactionPrompt.firstChild);
      parent.insertBefore(p, interaction);
    }
    parent.removeChild(interaction);
  } else {
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
  }
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

  let marks = Number.isFinite(maxValue) ? maxValue : (decl.upperBound ?? NaN);

  if (kind === 'choiceinteraction') {
    if (decl.baseType !== 'identifier') refuse(`The response has base type “${decl.baseType}”, not identifier`);
    if (decl.cardinality !== 'single' && decl.cardinality !== 'multiple')
      refuse(`Choice responses with cardinality “${decl.cardinality}” are not imported`);
    const choices = childrenNamed(interaction, 'simpleChoice').map((c) => {
      const img = descendants(c, (e) => keyOf(e) === 'img')[0];
      return {
        id: attr(c, 'identifier') ?? '',
        text: squash(textOf(c)),
        src: img?.getAttribute('src') ?? null,
        fixed: attr(c, 'fixed') === 'true',
      };
    });
    // QTI's default is the order as written; a fixed choice keeps its place when the others move.
    const shuffle = attr(interaction, 'shuffle') === 'true';
    if (choices.length < 2) refuse('A choice item needs at least two choices');
    if (choices.length > 12) refuse(`The item has ${choices.length} choices; at most 12 are imported`);
    let correct = decl.correct;
    if (correct.length === 0 && decl.mapping.some((m) => m.value > 0)) {
      // Scored by a mapping alone: the choices that earn marks are the key (marked all or nothing).
      const best = Math.max(...decl.mapping.map((m) => m.value));
      correct = decl.mapping
        .filter((m) => m.value > 0 && (decl.cardinality === 'multiple' || m.value === best))
        .map((m) => m.key);
      notes.push('The key was taken from the choices that earn marks');
    }
    const ids = choices.map((c) => c.id);
    for (const v of correct) if (!ids.includes(v)) refuse(`The correct response names “${v}”, which is not a choice`);
    if (decl.cardinality === 'single' && correct.length > 1)
      refuse(`The correct response names ${correct.length} choices for a single answer`);
    if (!Number.isFinite(marks)) marks = 1;
    const hasKey = correct.length > 0;
    if (
      decl.cardinality === 'single' &&
      ids.length === 2 &&
      ids.includes('true') &&
      ids.includes('false') &&
      choices.every((c) => !c.src)
    ) {
      return item(hasKey ? { type: 'true_false', correct: correct[0] === 'true' } : null, marks, () => ({
        type: 'true_false',
        options: [],
      }));
    }
    // Our option ids are short letters; the item's identifiers map onto a, b, c … in order.
    const letters = 'abcdefghijkl';
    const letterOf = new Map(ids.map((id, i) => [id, letters[i]!]));
    for (const c of choices) if (c.src) imageSrc(c.src, () => ''); // collects the choices' images
    const multiple = decl.cardinality === 'multiple';
    const keyIds = correct.map((v) => letterOf.get(v)!);
    const key: AnswerKey | null = !hasKey
      ? null
      : multiple
        ? { type: 'multiple', correct: keyIds }
        : { type: 'single', correct: keyIds[0]! };
    return item(key, marks, (urlOf) => ({
      type: multiple ? 'multiple' : 'single',
      shuffle,
      options: choices.map((c, i) => ({
        id: letters[i]!,
        text: c.text,
        imageUrl: c.src ? imageSrc(c.src, urlOf) : null,
        ...(c.fixed ? { fixed: true } : {}),
      })),
    }));
  }

  if (decl.baseType === 'float' || decl.baseType === 'integer') {
    if (decl.cardinality !== 'single') refuse(`Number entry with cardinality “${decl.cardinality}” is not imported`);
    const raw = decl.correct[0];
    const value = raw === undefined ? NaN : Number(raw);
    if (raw !== undefined && !Number.isFinite(value)) refuse(`The correct response “${raw}” is not a number`);
    const tolerance = toleranceOf(root, responseId);
    if (!Number.isFinite(marks)) marks = 1;
    return item(raw === undefined ? null : { type: 'numeric', value, tolerance }, marks, () => ({
      type: 'numeric',
      options: [],
    }));
  }

  if (decl.baseType !== 'string') refuse(`Text entry with base type “${decl.baseType}” is not imported`);
  if (decl.cardinality !== 'single') refuse(`Text entry with cardinality “${decl.cardinality}” is not imported`);
  // Full marks: the correct response and every mapped answer worth as much as the best one.
  const best = decl.mapping.length ? Math.max(...decl.mapping.map((m) => m.value)) : 0;
  const full = decl.mapping.filter((m) => m.value > 0 && m.value >= best).map((m) => m.key);
  const partial = decl.mapping.filter((m) => m.value > 0 && m.value < best).map((m) => m.key);
  if (partial.length)
    notes.push(`Answers worth part of the marks were left out: ${partial.map((p) => `“${p}”`).join(', ')}`);
  if (decl.mapping.some((m) => m.caseSensitive && m.value > 0))
    notes.push('Answers are compared without regard to case');
  const accepted = [...new Set([...decl.correct, ...full].map((v) => v.trim()).filter(Boolean))];
  if (!Number.isFinite(marks)) marks = best > 0 ? best : 1;
  return item(accepted.length ? { type: 'short_text', accepted } : null, marks, () => ({
    type: 'short_text',
    options: [],
  }));
}

/**
 * The tolerance a number is marked with: the absolute tolerance of the response processing's `equal` that compares
 * the response with its correct value (QTI's `tolerance` may give a lower and an upper one: the smaller is kept, so
 * nothing is marked right that the item marks wrong); none, a template or `exact` is 0. A relative tolerance has
 * no counterpart here and refuses the item.
 */
function toleranceOf(root: Element, responseId: string): number {
  const processing = childrenNamed(root, 'responseProcessing')[0];
  if (!processing) return 0;
  const equal = descendants(processing, (e) => keyOf(e) === 'equal').find((e) =>
    elementsOf(e).some((v) => keyOf(v) === 'variable' && attr(v, 'identifier') === responseId),
  );
  if (!equal) return 0;
  const mode = attr(equal, 'toleranceMode') ?? 'exact';
  if (mode === 'exact') return 0;
  if (mode !== 'absolute') refuse(`A ${mode} tolerance is not imported; only an absolute one is`);
  const values = (attr(equal, 'tolerance') ?? '').trim().split(/\s+/).map(Number);
  if (!values.length || values.some((v) => !Number.isFinite(v) || v < 0))
    refuse(`The tolerance “${attr(equal, 'tolerance') ?? ''}” is not a number`);
  return Math.min(...values);
}
