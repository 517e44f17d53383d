import type { Element, Node } from '@xmldom/xmldom';
import { z } from 'zod';
import { checkQuestion, questionFields } from '#contract/authoring';
import type { FieldError } from '#contract/errors';
import type { AnswerKey } from '#contract/questions';
import { isZip, unzipUpload } from '../../platform/spreadsheet/index.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { htmlText } from '#contract/content';
import { checkImageHeader } from '../../platform/images.js';
import { MAX_IMAGE_BYTES, sniffImage } from './images-routes.js';
import type { QtiQuestion } from './qti-write.js';
import {
  CDATA,
  ELEMENT,
  MAX_ITEMS,
  TEXT,
  attr,
  blockElements,
  childrenNamed,
  decodeXml,
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
 * Reading QTI packages and items into questions (decisions 017 and 027): every item is read and checked as
 * the question editor would before anything is stored; qti-xml.ts holds the namespace-aware DOM helpers.
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

class Refused extends Error {}
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
    rest: (urlOf: (path: string) => string) => Pick<QtiQuestion, 'type' | 'options'>,
  ): ReadItem => ({
    file,
    identifier,
    images: [...images],
    notes,
    keyless: answerKey == null,
    build: (urlOf) => ({ ...rest(urlOf), prompt: render(promptRoot, urlOf), answerKey, marks: wholeMarks(marks) }),
  });
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
      return { id: attr(c, 'identifier') ?? '', text: squash(textOf(c)), src: img?.getAttribute('src') ?? null };
    });
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
      options: choices.map((c, i) => ({
        id: letters[i]!,
        text: c.text,
        imageUrl: c.src ? imageSrc(c.src, urlOf) : null,
      })),
    }));
  }

  if (decl.baseType !== 'string')
    refuse(
      `Text entry with base type “${decl.baseType}” is not imported (numeric answers with a tolerance are not in the subset)`,
    );
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
 * The files of a zip, through the platform's zip reader: every entry's declared size is checked before it is
 * inflated and the inflating is counted, so a zip bomb is refused (413) before it fills the memory.
 */
export async function unzip(bytes: Buffer): Promise<{ names: string[]; read(name: string): Promise<Buffer> }> {
  const files = new Map((await unzipUpload(bytes)).map((f) => [f.name, f.bytes]));
  return { names: [...files.keys()].filter((n) => !n.endsWith('/')), read: async (name) => files.get(name)! };
}

/** What an upload holds: items read, items refused (file and reason), and the package's files for images. */
export interface QtiUpload {
  items: ReadItem[];
  errors: FieldError[];
  file(path: string): Promise<Buffer | null>;
}

/**
 * The items of a QTI package (zip) or of a single item file. A package with an `imsmanifest.xml` is read in
 * the manifest's order, following the hrefs of its item resources (QTI 2.1, 2.2 and 3.0 resource types);
 * without one, every XML file that is an assessment item (tests and sections are skipped).
 */
export async function readUpload(bytes: Buffer): Promise<QtiUpload> {
  const errors: FieldError[] = [];
  const items: ReadItem[] = [];
  const take = (name: string, xml: string) => {
    const result = readItem(xml, name);
    if (result.item) items.push(result.item);
    else if (!result.skip) errors.push({ path: name, message: result.error ?? 'Not understood' });
  };
  if (!isZip(bytes)) {
    take('item.xml', decodeXml(bytes));
    return { items, errors, file: async () => null };
  }
  const zip = await unzip(bytes);
  const present = new Set(zip.names);
  const manifestName = zip.names
    .filter((n) => (n.split('/').pop() ?? '').toLowerCase() === 'imsmanifest.xml')
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  let names: string[] | null = null;
  if (manifestName) {
    const manifest = parseXml(decodeXml(await zip.read(manifestName)));
    if (!manifest.doc) throw new Refused(`imsmanifest.xml: ${manifest.error}`);
    const resources = descendants(manifest.doc.documentElement!, (e) => keyOf(e) === 'resource').filter((r) =>
      (r.getAttribute('type') ?? '').toLowerCase().startsWith('imsqti_item_xml'),
    );
    if (resources.length) {
      names = [];
      for (const r of resources) {
        const base = r.getAttribute('xml:base') ?? '';
        const href = r.getAttribute('href') ?? childrenNamed(r, 'file')[0]?.getAttribute('href') ?? '';
        const path = resolvePath(manifestName, `${base}${href}`);
        const label = href || r.getAttribute('identifier') || 'resource';
        if (path === null || !present.has(path))
          errors.push({ path: label, message: 'The manifest names this item, but the package does not hold it' });
        else names.push(path);
      }
    }
  }
  names ??= zip.names.filter((n) => n.toLowerCase().endsWith('.xml') && n !== manifestName).sort();
  if (names.length > MAX_ITEMS) throw new Refused(`At most ${MAX_ITEMS} items at a time`);
  for (const name of names) take(name, decodeXml(await zip.read(name)));
  return { items, errors, file: async (path) => (present.has(path) ? zip.read(path) : null) };
}

/** Why a whole upload cannot be read (not a zip, a broken manifest, too many items), for a 400. */
export const isRefusal = (err: unknown): err is Error => err instanceof Refused;

const Checked = z.object(questionFields).superRefine(checkQuestion);

/** Everything an import needs once every item has been read and checked: nothing is stored yet. */
export interface QtiImport {
  items: ReadItem[];
  /** The package's images the items show, sniffed and within the image size limit. */
  images: Map<string, { bytes: Buffer; type: string }>;
  /** Items (and manifest entries) that cannot be imported: the file and, in the message, item and reason. */
  errors: FieldError[];
  notes: FieldError[];
  total: number;
}

/** Reads an upload and checks every item as the question editor would, images included. */
export async function prepareImport(bytes: Buffer): Promise<QtiImport> {
  const upload = await readUpload(bytes);
  const errors = [...upload.errors];
  const notes: FieldError[] = [];
  const items: ReadItem[] = [];
  const images = new Map<string, { bytes: Buffer; type: string }>();
  for (const item of upload.items) {
    const problems: string[] = [];
    for (const path of item.images) {
      if (images.has(path)) continue;
      const file = await upload.file(path);
      const type = file ? sniffImage(file) : null;
      if (!file) problems.push(`the image “${path}” is not in the package`);
      else if (!type) problems.push(`“${path}” is not a PNG, JPEG, GIF or WebP image`);
      else if (file.length > MAX_IMAGE_BYTES) problems.push(`the image “${path}” is larger than 2 MB`);
      else {
        // Its header, before the import stores anything: a pixel bomb is a problem of its item, not a 500 later.
        const header = await checkImageHeader(file).catch((error: { code?: string }) => error);
        if ('width' in header) images.set(path, { bytes: file, type });
        else if (header.code === 'image_too_large')
          problems.push(`the image “${path}” has more than 40 million pixels`);
        else problems.push(`the image “${path}” could not be read`);
      }
    }
    const question = item.build(() => '/question/image/0/00000000000000000000000000000000');
    const checked = Checked.safeParse({ ...question, prompt: sanitizeRichText(question.prompt) });
    if (!checked.success) problems.push(...checked.error.issues.map((i) => i.message));
    else if (!htmlText(checked.data.prompt) && !checked.data.prompt.includes('<img'))
      problems.push('the item has no question text');
    if (problems.length)
      errors.push({ path: item.file, message: `Item “${item.identifier}”: ${[...new Set(problems)].join('; ')}` });
    else {
      items.push(item);
      if (item.keyless)
        notes.push({
          path: item.file,
          message: `Item “${item.identifier}” has no correct response: imported as a draft that needs its key`,
        });
      for (const note of item.notes) notes.push({ path: item.file, message: `Item “${item.identifier}”: ${note}` });
    }
  }
  return { items, images, errors, notes, total: upload.items.length + upload.errors.length };
}
