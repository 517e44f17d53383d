import JSZip from 'jszip';
import type { AnswerKey, QuestionType } from '../../../contract/questions.js';

/**
 * QTI 3.0 (IMS Question and Test Interoperability) for the question types that map onto it without custom
 * response processing (decision 017): single and multiple choice and true/false as `qti-choice-interaction`,
 * short text as `qti-text-entry-interaction` with a case-insensitive mapping. Numeric answers with a tolerance
 * need custom response processing and are left out of exports and refused on import.
 */
export const qtiTypes: readonly QuestionType[] = ['single', 'multiple', 'true_false', 'short_text'];
const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';

export interface QtiQuestion {
  type: QuestionType;
  prompt: string;
  options: Array<{ id: string; text: string; imageUrl: string | null }>;
  answerKey: AnswerKey;
  marks: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Our sanitised HTML as XHTML: void elements closed. */
const xhtml = (html: string) => html.replace(/<(br|hr|img)([^>]*?)\s*\/?>/gi, '<$1$2/>').replace(/&nbsp;/g, '&#160;');
const choiceId = (id: string) => (/^[A-Za-z_]/.test(id) ? id : `c_${id}`);

export function itemXml(q: QtiQuestion, identifier: string): string {
  const key = q.answerKey;
  const body: string[] = [];
  let declaration = '';
  if (key.type === 'single' || key.type === 'multiple' || key.type === 'true_false') {
    const choices =
      key.type === 'true_false'
        ? [
            { id: 'true', text: 'True' },
            { id: 'false', text: 'False' },
          ]
        : q.options;
    const correct =
      key.type === 'single' ? [key.correct] : key.type === 'multiple' ? key.correct : [String(key.correct)];
    const multiple = key.type === 'multiple';
    declaration = `<qti-response-declaration identifier="RESPONSE" cardinality="${multiple ? 'multiple' : 'single'}" base-type="identifier"><qti-correct-response>${correct
      .map((c) => `<qti-value>${esc(choiceId(c))}</qti-value>`)
      .join('')}</qti-correct-response></qti-response-declaration>`;
    body.push(
      `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${multiple ? 0 : 1}"${key.type === 'true_false' ? ' class="olympus-true-false"' : ''}>${choices
        .map((c) => `<qti-simple-choice identifier="${esc(choiceId(c.id))}">${esc(c.text)}</qti-simple-choice>`)
        .join('')}</qti-choice-interaction>`,
    );
  } else if (key.type === 'short_text') {
    declaration = `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"><qti-correct-response><qti-value>${esc(key.accepted[0]!)}</qti-value></qti-correct-response><qti-mapping default-value="0">${key.accepted
      .map((a) => `<qti-map-entry map-key="${esc(a)}" mapped-value="${q.marks}" case-sensitive="false"/>`)
      .join('')}</qti-mapping></qti-response-declaration>`;
    body.push('<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>');
  } else throw new Error(`QTI export does not cover ${key.type}`);
  const processing =
    key.type === 'short_text'
      ? '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>'
      : '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${NS}" identifier="${esc(identifier)}" title="${esc(identifier)}" adaptive="false" time-dependent="false">
${declaration}
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>
<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>${q.marks}</qti-value></qti-default-value></qti-outcome-declaration>
<qti-item-body><div class="olympus-prompt">${xhtml(q.prompt)}</div>${body.join('')}</qti-item-body>
${processing}
</qti-assessment-item>
`;
}

export async function packageOf(questions: QtiQuestion[]): Promise<Buffer> {
  const zip = new JSZip();
  const resources = questions.map((q, i) => {
    const id = `item-${String(i + 1).padStart(4, '0')}`;
    zip.file(`items/${id}.xml`, itemXml(q, id));
    return `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="items/${id}.xml"><file href="items/${id}.xml"/></resource>`;
  });
  zip.file(
    'imsmanifest.xml',
    `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="olympus-export">
<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
<organizations/>
<resources>${resources.join('')}</resources>
</manifest>
`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const unesc = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#160;/g, ' ')
    .replace(/&amp;/g, '&');
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unesc(m[1]!) : null;
};
const strip = (s: string) => unesc(s.replace(/<[^>]+>/g, '')).trim();

/** One item back to a question, or why it cannot be imported. */
export function parseItem(xml: string): { question?: QtiQuestion; error?: string } {
  if (!/<qti-assessment-item[\s>]/.test(xml)) return { error: 'Not a QTI 3.0 assessment item' };
  const declaration =
    /<qti-response-declaration[^>]*identifier="RESPONSE"[^>]*>([\s\S]*?)<\/qti-response-declaration>/.exec(xml);
  if (!declaration) return { error: 'The item has no RESPONSE declaration' };
  const declTag = /<qti-response-declaration[^>]*>/.exec(declaration[0])![0];
  const values = [...declaration[1]!.matchAll(/<qti-correct-response>([\s\S]*?)<\/qti-correct-response>/g)].flatMap(
    (m) => [...m[1]!.matchAll(/<qti-value>([\s\S]*?)<\/qti-value>/g)].map((v) => unesc(v[1]!.trim())),
  );
  const max = /<qti-outcome-declaration[^>]*identifier="MAXSCORE"[\s\S]*?<qti-value>([\d.]+)<\/qti-value>/.exec(xml);
  const marks = max ? Math.max(0, Math.round(Number(max[1]))) : 1;
  const bodyMatch = /<qti-item-body[^>]*>([\s\S]*?)<\/qti-item-body>/.exec(xml);
  if (!bodyMatch) return { error: 'The item has no body' };
  const body = bodyMatch[1]!;
  const choice = /<qti-choice-interaction([^>]*)>([\s\S]*?)<\/qti-choice-interaction>/.exec(body);
  const text = /<qti-text-entry-interaction[^>]*\/?>/.exec(body);
  const prompt = body
    .replace(/<qti-choice-interaction[\s\S]*?<\/qti-choice-interaction>/g, '')
    .replace(/<p>\s*<qti-text-entry-interaction[^>]*\/>\s*<\/p>/g, '')
    .replace(/<qti-text-entry-interaction[^>]*\/?>/g, '')
    .replace(/<qti-prompt>([\s\S]*?)<\/qti-prompt>/g, '<p>$1</p>')
    .replace(/^\s*<div class="olympus-prompt">([\s\S]*)<\/div>\s*$/, '$1')
    .trim();
  if (choice) {
    const choices = [...choice[2]!.matchAll(/<qti-simple-choice([^>]*)>([\s\S]*?)<\/qti-simple-choice>/g)].map((m) => ({
      id: attr(m[1]!, 'identifier') ?? '',
      text: strip(m[2]!),
    }));
    if (choices.length < 2) return { error: 'A choice item needs at least two choices' };
    const ids = choices.map((c) => c.id);
    if (ids.length === 2 && ids.includes('true') && ids.includes('false') && values.length === 1) {
      return {
        question: {
          type: 'true_false',
          prompt,
          options: [],
          answerKey: { type: 'true_false', correct: values[0] === 'true' },
          marks,
        },
      };
    }
    if (choices.length > 12) return { error: 'At most 12 choices' };
    // Our option ids are short letters; map the item's identifiers onto a, b, c … in order.
    const letters = 'abcdefghijkl';
    const idOf = new Map(ids.map((id, i) => [id, letters[i]!]));
    const options = choices.map((c, i) => ({ id: letters[i]!, text: c.text, imageUrl: null }));
    const correct = values.map((v) => idOf.get(v)).filter((v): v is string => v != null);
    if (correct.length === 0) return { error: 'The correct response names no choice' };
    const multiple = attr(declTag, 'cardinality') === 'multiple';
    return multiple
      ? { question: { type: 'multiple', prompt, options, answerKey: { type: 'multiple', correct }, marks } }
      : { question: { type: 'single', prompt, options, answerKey: { type: 'single', correct: correct[0]! }, marks } };
  }
  if (text) {
    const baseType = attr(declTag, 'base-type');
    if (baseType !== 'string')
      return { error: 'Only text entry with base-type string is imported (numeric answers are not in the subset)' };
    const mapped = [...declaration[1]!.matchAll(/<qti-map-entry[^>]*>/g)]
      .map((m) => attr(m[0], 'map-key'))
      .filter((v): v is string => !!v);
    const accepted = [...new Set([...values, ...mapped].map((v) => v.trim()).filter(Boolean))];
    if (accepted.length === 0) return { error: 'The item has no correct response' };
    return {
      question: { type: 'short_text', prompt, options: [], answerKey: { type: 'short_text', accepted }, marks },
    };
  }
  return { error: 'Only choice and text-entry interactions are imported' };
}

/** The items of a QTI package (zip) or of a single item file, in the manifest's order when there is one. */
export async function itemsOf(bytes: Buffer): Promise<Array<{ name: string; xml: string }>> {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const zip = await JSZip.loadAsync(bytes);
    const manifest = zip.file('imsmanifest.xml');
    let names = Object.keys(zip.files).filter(
      (n) => n.toLowerCase().endsWith('.xml') && n !== 'imsmanifest.xml' && !zip.files[n]!.dir,
    );
    if (manifest) {
      const order = [
        ...(await manifest.async('string')).matchAll(/<resource[^>]*type="imsqti_item_xmlv3p0"[^>]*href="([^"]+)"/g),
      ].map((m) => m[1]!);
      if (order.length) names = order.filter((n) => zip.file(n));
    }
    return Promise.all(names.map(async (name) => ({ name, xml: await zip.file(name)!.async('string') })));
  }
  return [{ name: 'item.xml', xml: bytes.toString('utf8') }];
}
