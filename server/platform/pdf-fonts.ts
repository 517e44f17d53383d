import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/* The fonts every PDF of Olympus prints with (decision 095): read and parsed once per process. */

const fontsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'fonts');

/**
 * The fonts (server/assets/fonts, each with its licence): Source Sans 3 is the face of every sign-in slip, invoice
 * and credit note, and the sans of certificates; EB Garamond and Great Vibes are the certificates' serif and script
 * (all SIL OFL 1.1, all covering Afrikaans and the accented names of Latin scripts: ê ë ô ŉ ’ Zoë Müller Nguyễn);
 * DejaVu Sans prints what none of them has (Greek, Cyrillic …). Each is embedded once per document, as a subset of
 * the glyphs used.
 */
const fontFiles = {
  serif: 'EBGaramond-Regular.ttf',
  'serif-bold': 'EBGaramond-Bold.ttf',
  sans: 'SourceSans3-Regular.ttf',
  'sans-bold': 'SourceSans3-Bold.ttf',
  script: 'GreatVibes-Regular.ttf',
  fallback: 'DejaVuSans.ttf',
} as const;
export type FontName = keyof typeof fontFiles;

interface Face {
  hasGlyphForCodePoint(cp: number): boolean;
  layout(text: string, features?: unknown): unknown;
  createSubset(): object;
}

interface LoadedFont {
  bytes: Buffer;
  /** The parsed font, shared by every document of the process (pdf-lib is handed it through `sharedFontkit`). */
  face: Face;
}
const loaded = new Map<FontName, LoadedFont>();
const faces = new WeakMap<Uint8Array, Face>();

/** Texts shaped per font before the memory is cleared (names are many; the wording repeats on every page). */
const SHAPED_MAX = 20_000;

/**
 * pdf-lib shapes a text (OpenType substitutions and kerning) once to measure it and again to write it, and most
 * texts repeat on every page (the wording, the school, the date): each font keeps its shaped texts.
 */
function memoizeLayout(face: Face): Face {
  const shape = face.layout.bind(face);
  const shaped = new Map<string, unknown>();
  face.layout = (text, features) => {
    let run = shaped.get(text);
    if (run === undefined) {
      if (shaped.size >= SHAPED_MAX) shaped.clear();
      run = shape(text, features);
      shaped.set(text, run);
    }
    return run;
  };
  return face;
}

export function fontFile(name: FontName): LoadedFont {
  let font = loaded.get(name);
  if (!font) {
    const bytes = readFileSync(path.join(fontsDir, fontFiles[name]));
    font = { bytes, face: memoizeLayout(fontkit.create(bytes) as unknown as Face) };
    faces.set(bytes, font.face);
    loaded.set(name, font);
  }
  return font;
}

/**
 * The fontkit pdf-lib embeds with: our fonts come back parsed once per process (parsing a font's tables again for
 * every document of a batch cost more than drawing its pages); any other bytes are parsed as usual.
 */
export const sharedFontkit = {
  ...fontkit,
  create: (bytes: Uint8Array, postscriptName?: string) =>
    faces.get(bytes) ?? fontkit.create(bytes as Buffer, postscriptName),
} as typeof fontkit;

interface Subsetter {
  glyf: Uint8Array[];
  offset: number;
  font: { _glyphs: Record<number, unknown> };
}
interface SubsetterPrototype {
  _addGlyph(this: Subsetter, gid: number): number;
  evenGlyphs?: true;
}

/**
 * fontkit's TrueType subsetter (which pdf-lib uses for `subset: true`) stores each glyph's data unpadded; with the
 * short `loca` format (offsets halved) every glyph after one of odd length is then read from the wrong place,
 * and most letters of fonts made without padding (EB Garamond, Source Sans 3, Great Vibes) vanish from the page.
 * Padding each glyph to an even length, as the TrueType format expects, fixes it; done once for the process.
 *
 * The subsetter also reads each glyph by its number alone, and the parsed font keeps what it read: a glyph reached
 * only as part of another ("u" inside "ü") would then stay in the shared font with no text of its own, and every
 * later document of the process would print it with no Unicode behind it ("du Plessis" copied or searched as
 * "d? Plessis"). A glyph the subsetter itself brought in is forgotten again, so the next layout reads it afresh.
 */
function padSubsetGlyphs(): void {
  const proto = Object.getPrototypeOf(fontFile('sans').face.createSubset()) as SubsetterPrototype;
  if (proto.evenGlyphs) return;
  const add = proto._addGlyph;
  proto._addGlyph = function (gid) {
    const known = gid in this.font._glyphs;
    const index = add.call(this, gid);
    if (!known) delete this.font._glyphs[gid];
    const data = this.glyf[index]!;
    if (data.length % 2 === 1) {
      // The same buffer class as fontkit's own (its bundle carries one), which its encoder insists on.
      const padded = (data.constructor as unknown as { alloc(size: number): Uint8Array }).alloc(data.length + 1);
      padded.set(data);
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
  proto.evenGlyphs = true;
}
padSubsetGlyphs();

/** Whether the font has a glyph for every visible character of the text. */
export function covers(name: FontName, text: string): boolean {
  const { face } = fontFile(name);
  for (const ch of text) if (ch.trim() && !face.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}

/** The one face of slips, invoices and credit notes, regular and bold. */
export interface SansFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Source Sans 3, regular and bold, embedded in `doc` as subsets of the glyphs it draws (written out when the
 * document is saved). Every text of the document prints in it, whatever its letters, so a name with accents never
 * stands in another face than the words around it.
 */
export async function embedSans(doc: PDFDocument): Promise<SansFonts> {
  doc.registerFontkit(sharedFontkit);
  return {
    regular: await doc.embedFont(fontFile('sans').bytes, { subset: true }),
    bold: await doc.embedFont(fontFile('sans-bold').bytes, { subset: true }),
  };
}
