import type { Element, Node } from '@xmldom/xmldom';
import { htmlText } from '#contract/content';
import type { AnswerKey, ResponseMapping } from '#contract/questions';
import { bestScoreOf, normaliseText } from '#contract/scoring';
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
  /** Things kept in a simpler form (part marks a single choice cannot give, case-sensitive answers…). */
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
  /** Whether the item has a mapping at all (its entries may be none: every response earns the default). */
  mapped: boolean;
  defaultValue: number;
  lowerBound: number | null;
  upperBound: number | null;
}
function declarationOf(el: Element): Declaration {
  const mapping = childrenNamed(el, 'mapping')[0];
  const number = (name: string) => {
    const raw = mapping ? attr(mapping, name) : null;
    return raw == null || raw.trim() === '' ? null : Number(raw);
  };
  const upper = number('upperBound');
  return {
    mapped: mapping != null,
    defaultValue: number('defaultValue') ?? 0,
    lowerBound: number('lowerBound'),
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
    upperBound: upper != null && Number.isFinite(upper) ? upper : null,
  };
}

/** Points as the notes say them: "0.5", "−1". */
const pts = (n: number) => (n < 0 ? `−${-n}` : String(n));

/**
 * The item's mapping as an Olympus mapping (decision 082), its responses renamed by `responseOf`; refuses what a
 * key cannot be: points outside −100 … 100, a lower bound below 0 (a question never takes away marks earned on
 * another), an upper bound above 100.
 */
function mappingOf(
  decl: Declaration,
  entries: Array<{ response: string; points: number }>,
  nameOf: (response: string) => string = (r) => r,
): ResponseMapping {
  for (const e of entries)
    if (!Number.isFinite(e.points) || e.points < -100 || e.points > 100)
      refuse(`“${nameOf(e.response)}” is worth ${pts(e.points)} points; points lie between −100 and 100`);
  if (!Number.isFinite(decl.defaultValue) || decl.defaultValue < -100 || decl.defaultValue > 100)
    refuse(`The mapping’s default value ${pts(decl.defaultValue)} is not between −100 and 100`);
  const lower = decl.lowerBound ?? 0;
  if (!Number.isFinite(lower) || lower < 0)
    refuse(`The mapping’s lower bound ${pts(lower)} is below 0; a question never takes away marks earned on another`);
  if (decl.upperBound != null && decl.upperBound > 100)
    refuse(`The mapping’s upper bound ${decl.upperBound} is above 100`);
  return { entries, defaultValue: decl.defaultValue, lowerBound: lower, upperBound: decl.upperBound };
}

/** Marks are whole numbers: a mapping whose best answer scores part of a mark cannot be a key. */
function bestMarks(key: AnswerKey, options: Array<{ id: string }>): number {
  const best = bestScoreOf(key, options) ?? 0;
  if (best > 0 && !Number.isInteger(best))
    refuse(`The best answer scores ${best} by its points; marks are whole numbers`);
  return best;
}

/** Whether the item is scored by its mapping: not when it names the match_correct template, which ignores it. */
function scoredByMapping(root: Element, decl: Declaration): boolean {
  if (!decl.mapped) return false;
  const processing = childrenNamed(root, 'responseProcessing')[0];
  return !/match_correct/i.test((processing && attr(processing, 'template')) ?? '');
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
    let key: AnswerKey | null = !hasKey
      ? null
      : multiple
        ? { type: 'multiple', correct: keyIds }
        : { type: 'single', correct: keyIds[0]! };
    if (key && scoredByMapping(root, decl)) {
      if (key.type === 'multiple') {
        for (const e of decl.mapping)
          if (!letterOf.has(e.key)) refuse(`The mapping names “${e.key}”, which is not a choice`);
        key = {
          ...key,
          mapping: mappingOf(
            decl,
            decl.mapping.map((e) => ({ response: letterOf.get(e.key)!, points: e.value })),
            (letter) => ids[letters.indexOf(letter)] ?? letter,
          ),
        };
        // The marks are the item's MAXSCORE; without one, what its best answer scores (checkQuestion compares them).
        const best = bestMarks(
          key,
          ids.map((id) => ({ id: letterOf.get(id)! })),
        );
        if (!Number.isFinite(maxValue)) marks = best;
      } else {
        // Single choice is all or nothing here (decision 082): part marks for other choices cannot be kept.
        const others = decl.mapping.filter((e) => e.value > 0 && !correct.includes(e.key));
        if (others.length)
          notes.push(
            `Part marks for other choices were left out (single choice is all or nothing): ${others
              .map((e) => `“${e.key}” ${pts(e.value)}`)
              .join(', ')}`,
          );
      }
    }
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
    if (!Number.isFinite(marks)) marks = 1;
    const { tolerance, partial } = numberMarking(root, responseId, marks, notes);
    return item(
      raw === undefined ? null : { type: 'numeric', value, tolerance, ...(partial ? { partial } : {}) },
      marks,
      () => ({
        type: 'numeric',
        options: [],
      }),
    );
  }

  if (decl.baseType !== 'string') refuse(`Text entry with base type “${decl.baseType}” is not imported`);
  if (decl.cardinality !== 'single') refuse(`Text entry with cardinality “${decl.cardinality}” is not imported`);
  if (decl.mapping.some((m) => m.caseSensitive && m.value > 0))
    notes.push('Answers are compared without regard to case');
  // Answers are compared without case and spaces: mapped answers that are the same here keep the highest points.
  const answers: Array<{ response: string; points: number }> = [];
  for (const m of decl.mapping) {
    const response = m.key.trim();
    if (!response) continue;
    const same = answers.find((a) => normaliseText(a.response) === normaliseText(response));
    if (!same) answers.push({ response, points: m.value });
    else {
      const [kept, dropped] =
        m.value > same.points ? [{ response, points: m.value }, same] : [same, { response, points: m.value }];
      notes.push(
        `“${dropped.response}” (${pts(dropped.points)}) is the same answer as “${kept.response}” (${pts(kept.points)}) without regard to case: its points were left out`,
      );
      Object.assign(same, kept);
    }
  }
  const best = answers.length ? Math.max(...answers.map((a) => a.points)) : 0;
  const earning = answers.filter((a) => a.points > 0);
  const lower = decl.lowerBound ?? 0;
  // A mapping that gives the same marks to every answer it names, and nothing to others, is all or nothing.
  const allOrNothing =
    earning.every((a) => a.points === best) &&
    decl.defaultValue <= 0 &&
    lower === 0 &&
    (decl.upperBound == null || decl.upperBound >= best);
  if (scoredByMapping(root, decl) && !allOrNothing && earning.length) {
    const unmapped = decl.correct.filter((c) => !answers.some((a) => normaliseText(a.response) === normaliseText(c)));
    if (unmapped.length)
      notes.push(
        `The correct response ${unmapped.map((c) => `“${c}”`).join(', ')} earns only the default by the mapping: left out of the accepted answers`,
      );
    if (decl.defaultValue > 0 && answers.some((a) => a.points <= 0))
      notes.push(
        `Answers worth no marks were left out, so they earn the default: ${answers
          .filter((a) => a.points <= 0)
          .map((a) => `“${a.response}”`)
          .join(', ')}`,
      );
    // The correct response first, as it was written.
    const ordered = [...earning].sort(
      (a, b) =>
        Number(!decl.correct.some((c) => normaliseText(c) === normaliseText(a.response))) -
        Number(!decl.correct.some((c) => normaliseText(c) === normaliseText(b.response))),
    );
    const key: AnswerKey = {
      type: 'short_text',
      accepted: ordered.map((a) => a.response),
      mapping: mappingOf(decl, ordered),
    };
    const top = bestMarks(key, []);
    if (!Number.isFinite(marks)) marks = top;
    return item(key, marks, () => ({ type: 'short_text', options: [] }));
  }
  // Full marks: the correct response and every mapped answer worth as much as the best one.
  const full = answers.filter((m) => m.points > 0 && m.points >= best).map((m) => m.response);
  const accepted = [...new Set([...decl.correct, ...full].map((v) => v.trim()).filter(Boolean))];
  if (!Number.isFinite(marks)) marks = best > 0 ? best : 1;
  return item(accepted.length ? { type: 'short_text', accepted } : null, marks, () => ({
    type: 'short_text',
    options: [],
  }));
}

/**
 * How a number is marked: the absolute tolerance of the response processing's `equal` that compares the response
 * with its correct value (QTI's `tolerance` may give a lower and an upper one: the smaller is kept, so nothing is
 * marked right that the item marks wrong); none, a template or `exact` is 0. A relative tolerance has no
 * counterpart here and refuses the item. A second such `equal`, in a branch that sets SCORE to fewer points than
 * the marks, is the wider tolerance (decision 082).
 */
function numberMarking(
  root: Element,
  responseId: string,
  marks: number,
  notes: string[],
): { tolerance: number; partial?: { tolerance: number; points: number } } {
  const processing = childrenNamed(root, 'responseProcessing')[0];
  if (!processing) return { tolerance: 0 };
  const equals = descendants(processing, (e) => keyOf(e) === 'equal').filter((e) =>
    elementsOf(e).some((v) => keyOf(v) === 'variable' && attr(v, 'identifier') === responseId),
  );
  if (!equals.length) return { tolerance: 0 };
  const branches = equals.map((e) => ({ tolerance: toleranceOf(e), score: scoreSetBy(e, marks) }));
  if (branches.length === 1) return { tolerance: branches[0]!.tolerance };
  const full = branches.find((b) => b.score != null && b.score >= marks) ?? branches[0]!;
  const wider = branches.find((b) => b !== full && b.score != null && b.score > 0 && b.score < marks);
  if (!wider) return { tolerance: full.tolerance };
  if (wider.score! < -100 || wider.score! > 100 || wider.tolerance <= full.tolerance) {
    notes.push('The part marks for a wider tolerance were left out');
    return { tolerance: full.tolerance };
  }
  return { tolerance: full.tolerance, partial: { tolerance: wider.tolerance, points: wider.score! } };
}

/** The SCORE the branch of an `equal` sets: MAXSCORE is the marks, a base value its number; null when unknown. */
function scoreSetBy(equal: Element, marks: number): number | null {
  let branch = equal.parentNode as Element | null;
  while (branch && keyOf(branch) !== 'responseif' && keyOf(branch) !== 'responseelseif')
    branch = branch.parentNode as Element | null;
  if (!branch || branch.nodeType !== ELEMENT) return null;
  const set = childrenNamed(branch, 'setOutcomeValue').find((e) => attr(e, 'identifier') === 'SCORE');
  const value = set && elementsOf(set)[0];
  if (!value) return null;
  if (keyOf(value) === 'variable') return attr(value, 'identifier') === 'MAXSCORE' ? marks : null;
  if (keyOf(value) === 'basevalue') {
    const n = Number((value.textContent ?? '').trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function toleranceOf(equal: Element): number {
  const mode = attr(equal, 'toleranceMode') ?? 'exact';
  if (mode === 'exact') return 0;
  if (mode !== 'absolute') refuse(`A ${mode} tolerance is not imported; only an absolute one is`);
  const values = (attr(equal, 'tolerance') ?? '').trim().split(/\s+/).map(Number);
  if (!values.length || values.some((v) => !Number.isFinite(v) || v < 0))
    refuse(`The tolerance “${attr(equal, 'tolerance') ?? ''}” is not a number`);
  return Math.min(...values);
}
