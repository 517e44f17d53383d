import JSZip from 'jszip';
import sharp from 'sharp';
import {
  type AnswerKey,
  type PaperLanguage,
  type QuestionType,
  isPictureType,
  questionTypes,
} from '#contract/questions';
import { normaliseText } from '#contract/scoring';
import { escapeHtml } from '../../platform/html.js';
import {
  type OlympiadLanguages,
  englishOnly,
  questionInLanguage,
  translatedLanguages,
  trueFalseWords,
} from './qti-language.js';
import { QUESTION_IMAGE_CLASS, type QtiQuestion } from './qti-question.js';
import { interactionXml } from './qti-write-interactions.js';
import {
  MAP_RESPONSE,
  MATCH_CORRECT,
  attrValue,
  choiceContent,
  choiceId,
  declarationXml,
  fixedAttr,
  mappingXml,
} from './qti-write-parts.js';

export { QUESTION_IMAGE_CLASS, type QtiQuestion } from './qti-question.js';

/**
 * QTI (IMS Question and Test Interoperability) 3.0 packages of a module's questions (decisions 017, 027, 081 and
 * 084): single and multiple choice and true/false as a choice interaction (`shuffle` and `fixed` as the question has
 * them), short text as a text-entry interaction with a case-insensitive mapping, a number as a float text entry
 * marked by `qti-equal` with an absolute tolerance, and the seven interactions of decision 084 as QTI names them
 * (qti-write-interactions.ts). Partial credit (decision 082) is QTI's own: a key's mapping is a `qti-mapping` (a
 * select point's a `qti-area-mapping`) scored by its template, a number's wider tolerance a second `qti-equal`
 * branch. A package is self-contained: every picture the questions show is a file in it, named by a relative
 * address and listed in the manifest with the item that shows it. Each item says its language (`xml:lang`), and a
 * question's translation is an item of its own beside it, its identifier the question's with the language as a
 * suffix (decision 099).
 */
export const qtiTypes: readonly QuestionType[] = questionTypes;
const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0p1_v1p0.xsd';
const CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
const CP_SCHEMA = 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqtiv3p0_imscpv1p2_v1p0.xsd';

/** A picture's bytes and type by its address; null when the address is not one of ours or the file is gone. */
export type ImageReader = (url: string) => Promise<{ bytes: Buffer; type: string } | null>;

/** Our sanitised HTML as XHTML: void elements closed. */
const xhtml = (html: string) => html.replace(/<(br|hr|img)([^>]*?)\s*\/?>/gi, '<$1$2/>').replace(/&nbsp;/g, '&#160;');

/** The prompt's picture addresses, as the sanitiser writes them (`<img … src="…">`). */
export function promptImages(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/**
 * One item, in the language `lang` (its `xml:lang`; the question's words as they are: `questionInLanguage` gives
 * them in another). `href` turns a picture's address into the one written in the item (a file beside it in the
 * package); an address it leaves as it is (a web address) stays.
 */
export function itemXml(
  q: QtiQuestion,
  identifier: string,
  href: (url: string) => string = (u) => u,
  lang: PaperLanguage = 'en',
): string {
  const key = q.answerKey;
  if (!key) throw new Error('QTI export needs the correct answer');
  const { declaration, body, processing } = interactionXml(q, key, href) ?? firstFive(q, key, href, lang);
  const prompt = q.prompt.replace(
    /(<img\b[^>]*?\ssrc=")([^"]*)(")/gi,
    (_, a: string, src: string, b: string) => `${a}${attrValue(href(src.replace(/&amp;/g, '&')))}${b}`,
  );
  // A picture type's picture is inside its interaction; any other question's is a block of its own.
  const picture =
    q.imageUrl && !isPictureType(q.type)
      ? `<div class="${QUESTION_IMAGE_CLASS}"><img src="${attrValue(href(q.imageUrl))}" alt="${attrValue(q.imageAlt)}"/></div>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NS} ${SCHEMA}" identifier="${escapeHtml(identifier)}" title="${escapeHtml(identifier)}" xml:lang="${lang}" adaptive="false" time-dependent="false">
${declaration}
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>
<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${q.marks}</qti-value></qti-default-value></qti-outcome-declaration>
<qti-item-body>${picture}${prompt ? `<div class="olympus-prompt">${xhtml(prompt)}</div>` : ''}${body}</qti-item-body>
${processing}
</qti-assessment-item>
`;
}

/** The first five types: a choice interaction (single, multiple, true/false) or a text entry (short text, number). */
function firstFive(q: QtiQuestion, key: AnswerKey, href: (url: string) => string, lang: PaperLanguage) {
  if (key.type === 'single' || key.type === 'multiple' || key.type === 'true_false') {
    const choices =
      key.type === 'true_false'
        ? [
            { id: 'true', text: trueFalseWords[lang].true, imageUrl: null },
            { id: 'false', text: trueFalseWords[lang].false, imageUrl: null },
          ]
        : q.options;
    const correct =
      key.type === 'single' ? [key.correct] : key.type === 'multiple' ? key.correct : [String(key.correct)];
    const multiple = key.type === 'multiple';
    const shuffle = key.type !== 'true_false' && q.shuffle;
    const mapping =
      key.type === 'multiple' && key.mapping
        ? mappingXml(
            key.mapping,
            key.mapping.entries.map((e) => ({ key: choiceId(e.response), points: e.points })),
            false,
          )
        : '';
    return {
      declaration: declarationXml(multiple ? 'multiple' : 'single', 'identifier', correct.map(choiceId), mapping),
      body: `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${multiple ? 0 : 1}" shuffle="${shuffle}"${key.type === 'true_false' ? ' class="olympus-true-false"' : ''}>${choices
        .map(
          (c, i) =>
            `<qti-simple-choice identifier="${escapeHtml(choiceId(c.id))}"${fixedAttr(c)}>${choiceContent(c, i, href)}</qti-simple-choice>`,
        )
        .join('')}</qti-choice-interaction>`,
      processing: mapping ? MAP_RESPONSE : MATCH_CORRECT,
    };
  }
  const entry = '<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>';
  if (key.type === 'short_text') {
    // Without a mapping every accepted answer is worth the marks; with one, each its own points.
    const m = key.mapping;
    const pointsOf = (a: string) =>
      m ? (m.entries.find((e) => normaliseText(e.response) === normaliseText(a))?.points ?? m.defaultValue) : q.marks;
    const mapping = m
      ? mappingXml(
          m,
          key.accepted.map((a) => ({ key: a, points: pointsOf(a) })),
          true,
        )
      : `<qti-mapping default-value="0">${key.accepted
          .map((a) => `<qti-map-entry map-key="${escapeHtml(a)}" mapped-value="${q.marks}" case-sensitive="false"/>`)
          .join('')}</qti-mapping>`;
    return {
      declaration: declarationXml('single', 'string', [key.accepted[0]!], mapping),
      body: entry,
      processing: MAP_RESPONSE,
    };
  }
  if (key.type !== 'numeric') throw new Error(`QTI export does not cover ${key.type}`);
  // No template marks "within ± t": the condition says it, and any QTI 3.0 player runs it.
  return {
    declaration: declarationXml('single', 'float', [String(key.value)]),
    body: entry,
    processing: `<qti-response-processing><qti-response-condition><qti-response-if><qti-equal tolerance-mode="${key.tolerance > 0 ? 'absolute' : 'exact'}"${key.tolerance > 0 ? ` tolerance="${key.tolerance}"` : ''}><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal><qti-set-outcome-value identifier="SCORE"><qti-variable identifier="MAXSCORE"/></qti-set-outcome-value></qti-response-if>${
      // The wider tolerance: a second branch, reached only outside the first, that sets its points.
      key.partial
        ? `<qti-response-else-if><qti-equal tolerance-mode="absolute" tolerance="${key.partial.tolerance}"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">${key.partial.points}</qti-base-value></qti-set-outcome-value></qti-response-else-if>`
        : ''
    }</qti-response-condition></qti-response-processing>`,
  };
}

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * A package of the questions: `items/item-0001.xml` …, their pictures under `items/images/` (each once, however
 * many items show it), and a manifest listing each item with every file it needs. An address `readImage` does not
 * know stays as it is (a web address other tools fetch themselves). Each question is written in the olympiad's
 * default language, and again in each other language it offers that the question has words in
 * (`items/item-0001-af.xml`), the manifest giving every item's language in its metadata (decision 099).
 */
export async function packageOf(
  questions: QtiQuestion[],
  readImage: ImageReader = async () => null,
  olympiad: OlympiadLanguages = englishOnly,
): Promise<Buffer> {
  const own: PaperLanguage = olympiad.defaultLanguage === 'af' ? 'af' : 'en';
  const zip = new JSZip();
  const stored = new Map<string, string | null>();
  const sizes = new Map<string, { width: number; height: number } | null>();
  const fileOf = async (url: string) => {
    if (!stored.has(url)) {
      const image = await readImage(url);
      const name = image
        ? `images/image-${String(stored.size + 1).padStart(4, '0')}.${extensions[image.type] ?? 'bin'}`
        : null;
      if (image && name) zip.file(`items/${name}`, image.bytes);
      stored.set(url, name);
      const meta = image
        ? await sharp(image.bytes)
            .metadata()
            .catch(() => null)
        : null;
      sizes.set(url, meta?.width && meta.height ? { width: meta.width, height: meta.height } : null);
    }
    return stored.get(url) ?? null;
  };
  const resources: string[] = [];
  for (const [i, q] of questions.entries()) {
    const id = `item-${String(i + 1).padStart(4, '0')}`;
    const versions = [
      { lang: own, id, question: q },
      ...translatedLanguages(q, olympiad).map((lang) => ({
        lang,
        id: `${id}-${lang}`,
        question: questionInLanguage(q, lang),
      })),
    ];
    const urls = [
      q.imageUrl,
      ...q.options.map((o) => o.imageUrl),
      ...(q.targets ?? []).map((t) => t.imageUrl),
      ...versions.flatMap((v) => promptImages(v.question.prompt)),
    ].filter((u): u is string => !!u);
    const files = new Map<string, string>();
    for (const url of urls) {
      const name = await fileOf(url);
      if (name) files.set(url, name);
    }
    // Areas are measured in the picture's size as stored with the question; a question without one takes the file's.
    const size = q.imageUrl && !(q.imageWidth && q.imageHeight) ? sizes.get(q.imageUrl) : null;
    for (const v of versions) {
      const written = size ? { ...v.question, imageWidth: size.width, imageHeight: size.height } : v.question;
      zip.file(
        `items/${v.id}.xml`,
        itemXml(written, v.id, (url) => files.get(url) ?? url, v.lang),
      );
      const pictures = [
        q.imageUrl,
        ...q.options.map((o) => o.imageUrl),
        ...(q.targets ?? []).map((t) => t.imageUrl),
        ...promptImages(v.question.prompt),
      ].flatMap((u) => (u && files.has(u) ? [`items/${files.get(u)!}`] : []));
      const listed = [`items/${v.id}.xml`, ...new Set(pictures)];
      // The resource's language as IEEE LOM says it, the metadata QTI 3.0's content packaging takes.
      resources.push(
        `<resource identifier="${v.id}" type="imsqti_item_xmlv3p0" href="items/${v.id}.xml"><metadata><lom xmlns="${LOM_NS}"><general><language>${v.lang}</language></general></lom></metadata>${listed
          .map((f) => `<file href="${f}"/>`)
          .join('')}</resource>`,
      );
    }
  }
  zip.file(
    'imsmanifest.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="${CP_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${CP_NS} ${CP_SCHEMA}" identifier="olympus-export">
<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
<organizations/>
<resources>${resources.join('')}</resources>
</manifest>
`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
