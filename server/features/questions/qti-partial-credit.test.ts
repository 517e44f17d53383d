import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  type ImportAnswer,
  type Listed,
  admin,
  newModule,
  questionsOf,
  server,
  upload,
  useQtiServer,
} from './qti-testing.js';

useQtiServer();

const exportOf = (moduleId: number) =>
  fetch(`${server.url}/question/v-rest/export-qti?questionModuleId=${moduleId}`, {
    headers: { authorization: `Bearer ${admin}` },
  });

/** A QTI 2.1 item, as another tool writes it, with its declaration and choices. */
const item21 = (
  identifier: string,
  declaration: string,
  interaction: string,
  processing = 'map_response',
) => `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="${identifier}" title="${identifier}" adaptive="false" timeDependent="false">
${declaration}
<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
<itemBody><p>Which provinces have a coastline?</p>${interaction}</itemBody>
<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/${processing}"/>
</assessmentItem>`;
const choices = (max: number) =>
  `<choiceInteraction responseIdentifier="RESPONSE" maxChoices="${max}"><simpleChoice identifier="A">KwaZulu-Natal</simpleChoice><simpleChoice identifier="B">Gauteng</simpleChoice><simpleChoice identifier="C">Western Cape</simpleChoice></choiceInteraction>`;

describe('partial credit travels through QTI both ways (decision 082)', () => {
  it('a mapped multiple choice, a short text with a half-marks answer and a number with a wider tolerance re-import unchanged', async () => {
    const m = await newModule();
    const bodies = [
      {
        type: 'multiple',
        prompt: '<p>Which provinces have a coastline?</p>',
        options: [
          { id: 'a', text: 'KwaZulu-Natal', imageUrl: null },
          { id: 'b', text: 'Eastern Cape', imageUrl: null },
          { id: 'c', text: 'Gauteng', imageUrl: null },
          { id: 'd', text: 'Free State', imageUrl: null },
        ],
        answerKey: {
          type: 'multiple',
          correct: ['a', 'b'],
          mapping: {
            entries: [
              { response: 'a', points: 1 },
              { response: 'b', points: 1.5 },
              { response: 'c', points: -1 },
            ],
            defaultValue: -0.5,
            lowerBound: 0.5,
            upperBound: 2,
          },
        },
        marks: 2,
      },
      {
        type: 'short_text',
        prompt: '<p>Which city was named after the Duke of York?</p>',
        answerKey: {
          type: 'short_text',
          accepted: ['New York', 'York'],
          mapping: {
            entries: [
              { response: 'New York', points: 2 },
              { response: 'York', points: 1 },
            ],
            defaultValue: 0,
            lowerBound: 0,
            upperBound: null,
          },
        },
        marks: 2,
      },
      {
        type: 'numeric',
        prompt: '<p>How long is the coast, in km?</p>',
        answerKey: { type: 'numeric', value: 2798.5, tolerance: 10, partial: { tolerance: 50, points: 1 } },
        marks: 3,
      },
    ];
    for (const body of bodies) {
      const res = await server.api('POST', '/question/v-rest/', {
        token: admin,
        body: { questionModuleId: m, ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const res = await exportOf(m);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    const zip = await JSZip.loadAsync(bytes);
    const [multiple, text, number] = await Promise.all(
      ['items/item-0001.xml', 'items/item-0002.xml', 'items/item-0003.xml'].map((f) => zip.file(f)!.async('string')),
    );
    expect(multiple).toContain(
      '<qti-correct-response><qti-value>a</qti-value><qti-value>b</qti-value></qti-correct-response><qti-mapping default-value="-0.5" lower-bound="0.5" upper-bound="2"><qti-map-entry map-key="a" mapped-value="1"/><qti-map-entry map-key="b" mapped-value="1.5"/><qti-map-entry map-key="c" mapped-value="-1"/></qti-mapping>',
    );
    expect(multiple).toContain('rptemplates/map_response.xml');
    expect(text).toContain(
      '<qti-mapping default-value="0" lower-bound="0"><qti-map-entry map-key="New York" mapped-value="2" case-sensitive="false"/><qti-map-entry map-key="York" mapped-value="1" case-sensitive="false"/></qti-mapping>',
    );
    expect(number).toContain(
      '<qti-response-else-if><qti-equal tolerance-mode="absolute" tolerance="50"><qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal><qti-set-outcome-value identifier="SCORE"><qti-base-value base-type="float">1</qti-base-value></qti-set-outcome-value></qti-response-else-if>',
    );
    for (const xml of [multiple, text, number])
      expect(xml).toMatch(/<qti-outcome-declaration identifier="MAXSCORE"[^]*?<qti-value>[23]<\/qti-value>/);

    const m2 = await newModule();
    const again = await upload(m2, bytes, 'export.zip');
    const answer = (await again.json()) as ImportAnswer;
    expect(again.status, JSON.stringify(answer)).toBe(200);
    expect(answer).toMatchObject({ imported: 3, drafts: 0, refused: 0, notes: [] });
    const fields = (q: Listed) => ({
      type: q.type,
      prompt: q.prompt,
      options: q.options,
      answerKey: q.answerKey,
      marks: q.marks,
    });
    expect((await questionsOf(m2)).map(fields)).toEqual((await questionsOf(m)).map(fields));
  });

  it('refuses a mapping whose best answer is part of a mark, and keeps a single choice all or nothing with a note', async () => {
    const zip = new JSZip();
    zip.file(
      'halves.xml',
      item21(
        'halves',
        '<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="identifier"><correctResponse><value>A</value><value>C</value></correctResponse><mapping defaultValue="0"><mapEntry mapKey="A" mappedValue="1"/><mapEntry mapKey="C" mappedValue="0.5"/></mapping></responseDeclaration>',
        choices(0),
      ),
    );
    zip.file(
      'below.xml',
      item21(
        'below',
        '<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="identifier"><correctResponse><value>A</value><value>C</value></correctResponse><mapping defaultValue="0" lowerBound="-1"><mapEntry mapKey="A" mappedValue="1"/><mapEntry mapKey="C" mappedValue="1"/></mapping></responseDeclaration>',
        choices(0),
      ),
    );
    zip.file(
      'single.xml',
      item21(
        'single',
        '<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier"><correctResponse><value>A</value></correctResponse><mapping defaultValue="0"><mapEntry mapKey="A" mappedValue="1"/><mapEntry mapKey="C" mappedValue="0.5"/></mapping></responseDeclaration>',
        choices(1),
      ),
    );
    const m = await newModule();
    const res = await upload(m, await zip.generateAsync({ type: 'nodebuffer' }), 'mappings.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 1, refused: 2 });
    expect(body.notes).toEqual([
      {
        path: 'below.xml',
        message:
          'Not imported: Item “below”: The mapping’s lower bound −1 is below 0; a question never takes away marks earned on another',
      },
      {
        path: 'halves.xml',
        message: 'Not imported: Item “halves”: The best answer scores 1.5 by its points; marks are whole numbers',
      },
      {
        path: 'single.xml',
        message: 'Item “single”: Part marks for other choices were left out (single choice is all or nothing): “C” 0.5',
      },
    ]);
    const [q] = await questionsOf(m);
    expect(q).toMatchObject({ type: 'single', answerKey: { type: 'single', correct: 'a' }, marks: 1 });
  });

  it('reads QTI 3.0 names (a text entry worth part marks) and a 2.1 number with a wider branch; refuses points beyond 100', async () => {
    const zip = new JSZip();
    zip.file(
      'text.xml',
      `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="text" title="text" adaptive="false" time-dependent="false">
<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"><qti-correct-response><qti-value>Mafadi</qti-value></qti-correct-response>
<qti-mapping default-value="0" lower-bound="0" upper-bound="2"><qti-map-entry map-key="Mafadi" mapped-value="2" case-sensitive="false"/><qti-map-entry map-key="Drakensberg" mapped-value="0.5" case-sensitive="false"/></qti-mapping></qti-response-declaration>
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
<qti-item-body><p>The highest peak in South Africa is <qti-text-entry-interaction response-identifier="RESPONSE"/>.</p></qti-item-body>
<qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml"/>
</qti-assessment-item>`,
    );
    zip.file(
      'number.xml',
      `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="number" title="number" adaptive="false" timeDependent="false">
<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="float"><correctResponse><value>3450</value></correctResponse></responseDeclaration>
<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
<outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>2</value></defaultValue></outcomeDeclaration>
<itemBody><p>How high is Mafadi, in metres? <textEntryInteraction responseIdentifier="RESPONSE"/></p></itemBody>
<responseProcessing><responseCondition>
<responseIf><equal toleranceMode="absolute" tolerance="5"><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></equal><setOutcomeValue identifier="SCORE"><variable identifier="MAXSCORE"/></setOutcomeValue></responseIf>
<responseElseIf><equal toleranceMode="absolute" tolerance="100"><variable identifier="RESPONSE"/><correct identifier="RESPONSE"/></equal><setOutcomeValue identifier="SCORE"><baseValue baseType="float">1</baseValue></setOutcomeValue></responseElseIf>
</responseCondition></responseProcessing>
</assessmentItem>`,
    );
    zip.file(
      'huge.xml',
      item21(
        'huge',
        '<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="identifier"><correctResponse><value>A</value></correctResponse><mapping defaultValue="0" upperBound="1"><mapEntry mapKey="A" mappedValue="1"/><mapEntry mapKey="B" mappedValue="-150"/></mapping></responseDeclaration>',
        choices(0),
      ),
    );
    const m = await newModule();
    const res = await upload(m, await zip.generateAsync({ type: 'nodebuffer' }), 'mixed.zip');
    const body = (await res.json()) as ImportAnswer;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ imported: 2, refused: 1 });
    expect(body.notes).toEqual([
      {
        path: 'huge.xml',
        message: 'Not imported: Item “huge”: “B” is worth −150 points; points lie between −100 and 100',
      },
    ]);
    const [number, text] = await questionsOf(m);
    expect(text).toMatchObject({
      type: 'short_text',
      answerKey: {
        type: 'short_text',
        accepted: ['Mafadi', 'Drakensberg'],
        mapping: {
          entries: [
            { response: 'Mafadi', points: 2 },
            { response: 'Drakensberg', points: 0.5 },
          ],
          defaultValue: 0,
          lowerBound: 0,
          upperBound: 2,
        },
      },
      marks: 2,
    });
    expect(number).toMatchObject({
      type: 'numeric',
      answerKey: { type: 'numeric', value: 3450, tolerance: 5, partial: { tolerance: 100, points: 1 } },
      marks: 2,
    });
  });
});
