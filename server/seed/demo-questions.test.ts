import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type QuestionRecord, questionProblems } from '#contract/authoring';
import { pictureTypes, questionTypes } from '#contract/questions';
import { type DemoIds, type TestServer, demoIds, startTestServer } from '../test/harness.js';

/**
 * The demo's questions are what a visitor tries first, and what the journeys write: each must be a question the
 * editor would save as it is (the contract's `checkQuestion`), and each picture must be the size its areas are
 * measured in.
 */

let server: TestServer;
let demo: DemoIds;
let olympiads: Array<{ id: number; var_name: string }>;

beforeAll(async () => {
  server = await startTestServer();
  demo = await demoIds(server);
  olympiads = await server.query<{ id: number; var_name: string }>`select id, var_name from olympiads order by id`;
});
afterAll(() => server?.close());

interface Paper {
  modules: Array<{ title: string; questions: QuestionRecord[] }>;
}

async function paperOf(olympiadId: number): Promise<Paper> {
  const overlord = await server.as('overlord');
  const res = await overlord.post(`/olympiad/modules/${olympiadId}`);
  expect(res.status).toBe(200);
  return res.body as Paper;
}

describe('the demo questions', () => {
  it('every question of every demo olympiad passes the editor’s rules as it is stored', async () => {
    let checked = 0;
    for (const olympiad of olympiads) {
      const paper = await paperOf(olympiad.id);
      for (const m of paper.modules)
        for (const q of m.questions) {
          const where = { olympiad: olympiad.var_name, module: m.title, position: q.position, type: q.type };
          expect({ ...where, problems: questionProblems(q) }).toEqual({ ...where, problems: [] });
          checked += 1;
        }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('geo-demo’s third section asks one question of each interaction on the map of South Africa', async () => {
    const paper = await paperOf(demo.geoDemo);
    expect(paper.modules.map((m) => m.title)).toEqual([
      'Maps and places',
      'Climate and people',
      'Maps of South Africa',
    ]);
    const maps = paper.modules[2]!.questions;
    expect(maps.map((q) => q.type)).toEqual(questionTypes.slice(5));
    expect(maps.reduce((sum, q) => sum + q.marks, 0)).toBe(12);
    // Part marks on two of them, as the README says.
    expect(
      maps.filter((q) => q.answerKey && 'mapping' in q.answerKey && q.answerKey.mapping).map((q) => q.type),
    ).toEqual(['hotspot', 'graphic_gap_match']);
  });

  it('each question’s picture says its size: what its areas are measured in, and the place the page keeps for it', async () => {
    const paper = await paperOf(demo.geoDemo);
    const pictured = paper.modules.flatMap((m) => m.questions).filter((q) => q.imageUrl);
    expect(pictured.filter((q) => (pictureTypes as readonly string[]).includes(q.type))).toHaveLength(3);
    expect(pictured).toHaveLength(8);
    for (const q of pictured) {
      const file = path.join('web/public', q.imageUrl!);
      const meta = await sharp(readFileSync(file)).metadata();
      expect({ url: q.imageUrl, width: q.imageWidth, height: q.imageHeight }).toEqual({
        url: q.imageUrl,
        width: meta.width,
        height: meta.height,
      });
    }
  });
});
