import JSZip from 'jszip';
import type { AnswerKey, QuestionType } from '#contract/questions';
import { escapeHtml } from '../../platform/html.js';

/**
 * QTI (IMS Question and Test Interoperability) for the question types that map onto it without custom
 * response processing (decisions 017 and 027): single and multiple choice and true/false as a choice
 * interaction, short text as a text-entry interaction with a case-insensitive mapping. Exports are QTI 3.0;
 * imports read QTI 3.0 and QTI 2.1/2.2 as other tools write them. Numeric answers with a tolerance need
 * custom response processing and are left out of exports and refused on import.
 */
export const qtiTypes: readonly QuestionType[] = ['single', 'multiple', 'true_false', 'short_text'];
const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';

export interface QtiQuestion {
  type: QuestionType;
  prompt: string;
  options: Array<{ id: string; text: string; imageUrl: string | null }>;
  answerKey: AnswerKey | null;
  marks: number;
}

/** Our sanitised HTML as XHTML: void elements closed. */
const xhtml = (html: string) => html.replace(/<(br|hr|img)([^>]*?)\s*\/?>/gi, '<$1$2/>').replace(/&nbsp;/g, '&#160;');
const choiceId = (id: string) => (/^[A-Za-z_]/.test(id) ? id : `c_${id}`);

export function itemXml(q: QtiQuestion, identifier: string): string {
  const key = q.answerKey;
  if (!key) throw new Error('QTI export needs the correct answer');
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
      .map((c) => `<qti-value>${escapeHtml(choiceId(c))}</qti-value>`)
      .join('')}</qti-correct-response></qti-response-declaration>`;
    body.push(
      `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${multiple ? 0 : 1}"${key.type === 'true_false' ? ' class="olympus-true-false"' : ''}>${choices
        .map(
          (c) =>
            `<qti-simple-choice identifier="${escapeHtml(choiceId(c.id))}">${escapeHtml(c.text)}</qti-simple-choice>`,
        )
        .join('')}</qti-choice-interaction>`,
    );
  } else if (key.type === 'short_text') {
    declaration = `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"><qti-correct-response><qti-value>${escapeHtml(key.accepted[0]!)}</qti-value></qti-correct-response><qti-mapping default-value="0">${key.accepted
      .map((a) => `<qti-map-entry map-key="${escapeHtml(a)}" mapped-value="${q.marks}" case-sensitive="false"/>`)
      .join('')}</qti-mapping></qti-response-declaration>`;
    body.push('<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>');
  } else throw new Error(`QTI export does not cover ${key.type}`);
  const processing =
    key.type === 'short_text'
      ? '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>'
      : '<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="${NS}" identifier="${escapeHtml(identifier)}" title="${escapeHtml(identifier)}" adaptive="false" time-dependent="false">
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
