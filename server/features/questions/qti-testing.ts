import { readdirSync, readFileSync, statSync } from 'node:fs';

import path from 'node:path';
import type { Element } from '@xmldom/xmldom';
import JSZip from 'jszip';
import type { QuestionOption, QuestionTarget } from '#contract/questions';
import { afterAll, beforeAll } from 'vitest';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../../test/harness.js';
import { descendants, elementsOf } from './qti-xml.js';

/** Setup shared by the QTI test files: a server, an admin, packages, and the check of an exported item's structure. */

/** This file's server, demo ids and the admin's token (set by useQtiServer's beforeAll). */
export let server: TestServer;
export let demo: DemoIds;
export let admin: string;

/** Starts the calling file's server and signs the admin in. */
export function useQtiServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    demo = await demoIds(server);
    admin = (await server.signIn('admin')).accessToken.token;
  });
  afterAll(() => server?.close());
}

export const newModule = async () =>
  (
    await server.api('POST', '/question-module/v-rest/', {
      token: admin,
      body: { olympiadId: demo.geoDemo, title: 'QTI' },
    })
  ).body.module.id as number;
export function upload(moduleId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return fetch(`${server.url}/question/v-rest/import-qti?questionModuleId=${moduleId}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin}` },
  });
}

/** A fixture folder (or any folder, by its absolute path) as the zip another tool would hand over. */
export const fixtures = path.join(import.meta.dirname, 'fixtures', 'qti');
export async function zipOf(dir: string, extra: Record<string, string | Buffer> = {}): Promise<Buffer> {
  const zip = new JSZip();
  const base = path.resolve(fixtures, dir);
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else zip.file(path.relative(base, p).split(path.sep).join('/'), readFileSync(p));
    }
  };
  if (dir) walk(base);
  for (const [name, text] of Object.entries(extra)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
export const fixture = (name: string) => readFileSync(path.resolve(fixtures, name));
export interface Listed {
  id: number;
  type: string;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  shuffle: boolean;
  options: Array<QuestionOption>;
  imageWidth: number | null;
  imageHeight: number | null;
  targets: QuestionTarget[];
  gapText: string;
  maxChoices: number;
  answerKey: unknown;
  marks: number;
  verified: boolean;
}
/** Everything a question is, its pictures as whether they are there (their pixels are compared apart). */
export function fieldsOf(q: Listed) {
  const strip = <T extends { imageUrl: string | null }>({ imageUrl, ...rest }: T) => ({
    ...rest,
    hasImage: imageUrl != null,
  });
  return {
    type: q.type,
    prompt: q.prompt,
    imageAlt: q.imageAlt,
    hasImage: q.imageUrl != null,
    imageWidth: q.imageWidth,
    imageHeight: q.imageHeight,
    shuffle: q.shuffle,
    options: q.options.map(strip),
    targets: q.targets.map(strip),
    gapText: q.gapText,
    maxChoices: q.maxChoices,
    answerKey: q.answerKey,
    marks: q.marks,
  };
}
export const questionsOf = async (moduleId: number) =>
  (await server.api('GET', `/question/v-rest/?questionModuleId=${moduleId}`, { token: admin })).body.items as Listed[];
export type ImportAnswer = {
  imported: number;
  drafts: number;
  refused: number;
  notes: Array<{ path: string; message: string }>;
  message: string;
  details: Array<{ path: string; message: string }>;
  code?: string;
};

/**
 * No QTI 3.0 schema is to be had from the npm registry, so the parts of the schema an export relies on are checked
 * here with our parser (decision 081): the item's parts in order, every element in the QTI namespace, and for each
 * interaction the children the schema allows in the order it allows them, the attributes it requires, and the
 * response declaration's cardinality and base type. Answers the problems found; none for a valid item.
 */
export function qtiStructureProblems(item: Element): string[] {
  const problems: string[] = [];
  const ns = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
  const name = (e: Element) => e.localName ?? e.nodeName;
  const kids = (e: Element) => elementsOf(e).map(name);
  if (item.namespaceURI !== ns || name(item) !== 'qti-assessment-item') problems.push('not a QTI 3.0 item');
  if (
    !/^(qti-response-declaration )+(qti-outcome-declaration )+qti-item-body qti-response-processing$/.test(
      kids(item).join(' '),
    )
  )
    problems.push(`the item's parts are out of order: ${kids(item).join(' ')}`);
  for (const e of descendants(item, (x) => x.namespaceURI !== ns))
    problems.push(`<${name(e)}> is not in the QTI namespace`);
  const needs = (e: Element, ...attrs: string[]) => {
    for (const a of attrs) if (!e.hasAttribute(a)) problems.push(`<${name(e)}> lacks ${a}`);
  };
  const pictures = ['img', 'object', 'picture'];
  /** The children of an interaction as the schema orders them: each group a pattern, `+` one or more, `?` optional. */
  const model: Record<string, { children: RegExp; declared: string }> = {
    'qti-choice-interaction': {
      children: /^(qti-prompt )?(qti-simple-choice )+$/,
      declared: '(single|multiple) identifier',
    },
    'qti-text-entry-interaction': { children: /^$/, declared: 'single (string|float|integer)' },
    'qti-hotspot-interaction': {
      children: /^(qti-prompt )?(img|object|picture) (qti-hotspot-choice )+$/,
      declared: '(single|multiple) identifier',
    },
    'qti-select-point-interaction': { children: /^(qti-prompt )?(img|object|picture) $/, declared: 'single point' },
    'qti-graphic-gap-match-interaction': {
      children: /^(qti-prompt )?(img|object|picture) ((qti-gap-img|qti-gap-text) )+(qti-associable-hotspot )+$/,
      declared: 'multiple directedPair',
    },
    'qti-gap-match-interaction': {
      children: /^(qti-prompt )?((qti-gap-text|qti-gap-img) )+((p|div|ul|ol|table|blockquote) )+$/,
      declared: 'multiple directedPair',
    },
    'qti-order-interaction': { children: /^(qti-prompt )?(qti-simple-choice ){2,}$/, declared: 'ordered identifier' },
    'qti-match-interaction': {
      children: /^(qti-prompt )?qti-simple-match-set qti-simple-match-set $/,
      declared: 'multiple directedPair',
    },
    'qti-inline-choice-interaction': { children: /^(qti-inline-choice )+$/, declared: 'single identifier' },
  };
  const declarations = new Map(
    elementsOf(item)
      .filter((e) => name(e) === 'qti-response-declaration')
      .map((d) => [d.getAttribute('identifier'), d]),
  );
  const interactions = descendants(item, (e) => name(e).endsWith('-interaction'));
  if (interactions.length !== 1) problems.push(`${interactions.length} interactions`);
  for (const i of interactions) {
    const m = model[name(i)];
    if (!m) {
      problems.push(`<${name(i)}> is not an interaction this check knows`);
      continue;
    }
    needs(i, 'response-identifier');
    const children = kids(i)
      .map((k) => `${k} `)
      .join('');
    if (!m.children.test(children)) problems.push(`<${name(i)}> holds ${children.trim() || 'nothing'}`);
    const d = declarations.get(i.getAttribute('response-identifier'));
    const declared = d ? `${d.getAttribute('cardinality')} ${d.getAttribute('base-type')}` : 'no declaration';
    if (!new RegExp(`^${m.declared}$`).test(declared)) problems.push(`<${name(i)}> is declared ${declared}`);
    // An inline interaction stands in a line of text; a picture interaction has a picture with its size.
    if (name(i) === 'qti-inline-choice-interaction' || name(i) === 'qti-text-entry-interaction')
      if (!['p', 'span', 'li', 'td'].includes(name(i.parentNode as Element)))
        problems.push(`<${name(i)}> is not in a line of text`);
    const picture = elementsOf(i).find((e) => pictures.includes(name(e)));
    if (picture && name(picture) === 'img') needs(picture, 'src', 'alt', 'width', 'height');
  }
  for (const e of descendants(item, () => true)) {
    const n = name(e);
    if (['qti-simple-choice', 'qti-inline-choice', 'qti-hotspot-choice'].includes(n)) needs(e, 'identifier');
    if (['qti-gap-text', 'qti-gap-img', 'qti-associable-hotspot', 'qti-simple-associable-choice'].includes(n))
      needs(e, 'identifier', 'match-max');
    if (n === 'qti-gap') needs(e, 'identifier');
    if (n === 'qti-gap-img' && !elementsOf(e).some((x) => pictures.includes(name(x))))
      problems.push('a gap-img without a picture');
    if (['qti-hotspot-choice', 'qti-associable-hotspot', 'qti-area-map-entry'].includes(n)) {
      needs(e, 'shape', 'coords');
      const coords = (e.getAttribute('coords') ?? '').split(',').map(Number);
      const count = { circle: 3, rect: 4 }[e.getAttribute('shape') ?? ''];
      if (
        coords.some((c) => !Number.isFinite(c)) ||
        (count ? coords.length !== count : coords.length < 6 || coords.length % 2)
      )
        problems.push(`<${n}> has coords “${e.getAttribute('coords')}” for a ${e.getAttribute('shape')}`);
    }
    if (n === 'qti-map-entry') needs(e, 'map-key', 'mapped-value');
    if (n === 'qti-area-map-entry') needs(e, 'mapped-value');
    if (
      n === 'qti-response-declaration' &&
      !/^(qti-correct-response )?((qti-mapping|qti-area-mapping) )?$/.test(
        kids(e)
          .map((k) => `${k} `)
          .join(''),
      )
    )
      problems.push(`the response declaration holds ${kids(e).join(' ')}`);
    if (n === 'qti-response-processing') {
      const template = e.getAttribute('template');
      if (
        template &&
        !/^https:\/\/purl\.imsglobal\.org\/spec\/qti\/v3p0\/rptemplates\/(match_correct|map_response|map_response_point)\.xml$/.test(
          template,
        )
      )
        problems.push(`the template ${template} is not one of QTI 3.0's`);
    }
  }
  return problems;
}
