import { describe, expect, it } from 'vitest';
import { inArea } from '#contract/interactions';
import { areaOf, coordsOf, fitArea, pointInside, scaleArea } from './qti-areas.js';

describe('areas as QTI writes them (shape and coords) and as Olympus keeps them', () => {
  it('reads circles, rectangles (either corner first) and polygons, and writes them back as they were', () => {
    const read = (shape: string, coords: string) => {
      const r = areaOf(shape, coords, 'A');
      if ('error' in r) throw new Error(r.error);
      return r.area;
    };
    expect(read('circle', '77, 115, 8')).toEqual({ shape: 'circle', x: 77, y: 115, r: 8 });
    expect(read('rect', '190.5,130,150,100')).toEqual({ shape: 'rect', x: 150, y: 100, w: 40.5, h: 30 });
    expect(read('poly', '0,0 10,0 10,10 0,0')).toEqual({
      shape: 'poly',
      points: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
    });
    for (const [shape, coords] of [
      ['circle', '77,115,8'],
      ['rect', '150,100,190.5,130'],
      ['poly', '0,0,10,0,10,10'],
    ] as const)
      expect(coordsOf(read(shape, coords))).toEqual({ shape, coords });
  });

  it('keeps an ellipse as a polygon of 24 corners and refuses what has no counterpart, with its reason', () => {
    const ellipse = areaOf('ellipse', '100,50,40,20', 'E');
    expect(ellipse).toMatchObject({ approximated: true, area: { shape: 'poly' } });
    if (!('area' in ellipse) || ellipse.area.shape !== 'poly') throw new Error('no polygon');
    expect(ellipse.area.points).toHaveLength(24);
    expect(ellipse.area.points).toContainEqual([140, 50]);
    expect(areaOf('default', '', 'A')).toEqual({ error: 'The area “A” is the whole picture, which is not imported' });
    expect(areaOf('circle', '50%,50%,10%', 'A')).toEqual({
      error: 'The area “A” is given in percent; only coordinates in the picture’s units are imported',
    });
    expect(areaOf('circle', '1,2', 'A')).toEqual({
      error: 'The circle “A” needs three coordinates: centre and radius',
    });
    expect(areaOf('rect', '-5,0,10,10', 'B')).toEqual({
      error: 'The area “B” lies outside the picture or has no size (a polygon has 3 to 60 corners)',
    });
    expect(areaOf('star', '1,2,3', 'C')).toEqual({
      error: 'The area “C” has the shape “star”; circles, rectangles and polygons are imported',
    });
  });

  it('finds a point inside every area for a select point’s correct response, a concave polygon too', () => {
    const hook = {
      shape: 'poly' as const,
      points: [
        [0, 0],
        [100, 0],
        [100, 10],
        [10, 10],
        [10, 100],
        [0, 100],
      ] as Array<[number, number]>,
    };
    for (const area of [
      { shape: 'circle' as const, x: 60, y: 50, r: 25 },
      { shape: 'rect' as const, x: 150, y: 90, w: 60, h: 60 },
      hook,
    ])
      expect(inArea(area, pointInside(area))).toBe(true);
    expect(scaleArea({ shape: 'rect', x: 10, y: 20, w: 30, h: 40 }, 2, 0.5)).toEqual({
      shape: 'rect',
      x: 20,
      y: 10,
      w: 60,
      h: 20,
    });
  });

  it('cuts back an area that lies mostly on the picture and reaches past its edge; one mostly off it is left to be refused', () => {
    const circle = { shape: 'circle' as const, x: 418, y: 29, r: 40 };
    // 1EdTech's Race Point lighthouse: 11 px above a 700 × 550 map, made smaller about its centre.
    expect(fitArea(circle, 700, 550)).toEqual({ ...circle, r: 29 });
    expect(fitArea({ shape: 'rect', x: 150, y: 200, w: 60, h: 70 }, 206, 280)).toEqual({
      shape: 'rect',
      x: 150,
      y: 200,
      w: 56,
      h: 70,
    });
    expect(
      fitArea(
        {
          shape: 'poly',
          points: [
            [180, 10],
            [215, 10],
            [190, 60],
          ],
        },
        206,
        280,
      ),
    ).toEqual({
      shape: 'poly',
      points: [
        [180, 10],
        [206, 10],
        [190, 60],
      ],
    });
    // Within the picture: the very same area; mostly beyond its edge (IMS's test of such an area): none.
    expect(fitArea({ shape: 'circle', x: 77, y: 115, r: 8 }, 206, 280)).toEqual({
      shape: 'circle',
      x: 77,
      y: 115,
      r: 8,
    });
    expect(fitArea({ shape: 'rect', x: 150, y: 200, w: 110, h: 100 }, 206, 280)).toBeNull();
    expect(fitArea({ shape: 'circle', x: 210, y: 115, r: 8 }, 206, 280)).toBeNull();
  });
});
