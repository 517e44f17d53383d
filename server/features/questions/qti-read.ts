import { z } from 'zod';
import { checkQuestion, questionFields } from '#contract/authoring';
import type { FieldError } from '#contract/errors';
import { type PaperLanguage, languageName } from '#contract/questions';
import { isZip, unzipUpload } from '../../platform/spreadsheet/index.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import sharp from 'sharp';
import { IMAGE_LONG_SIDE, checkImageHeader } from '../../platform/images.js';
import { MAX_IMAGE_BYTES, sniffImage } from './images-routes.js';
import { type ReadItem, readItem, Refused } from './qti-item.js';
import {
  type OlympiadLanguages,
  baseIdentifier,
  englishOnly,
  languageOfItem,
  versionMismatch,
  withTranslations,
} from './qti-language.js';
import type { Size } from './qti-reading.js';
import { MAX_ITEMS, childrenNamed, decodeXml, descendants, keyOf, parseXml, resolvePath } from './qti-xml.js';

/**
 * Reading a QTI upload (decisions 017 and 027): a package (zip, in its manifest's order) or a single item file,
 * every item read (qti-item.ts) and checked as the question editor would, images included, before anything is
 * stored.
 */

/**
 * The files of a zip, through the platform's zip reader: every entry's declared size is checked before it is
 * inflated and the inflating is counted, so a zip bomb is refused (413) before it fills the memory.
 */
export async function unzip(bytes: Buffer): Promise<{ names: string[]; read(name: string): Promise<Buffer> }> {
  const files = new Map((await unzipUpload(bytes)).map((f) => [f.name, f.bytes]));
  return { names: [...files.keys()].filter((n) => !n.endsWith('/')), read: async (name) => files.get(name)! };
}

/** What an upload holds: items read, items refused (file and reason), and the package's files for images. */
export interface QtiUpload {
  items: ReadItem[];
  errors: FieldError[];
  file(path: string): Promise<Buffer | null>;
}

/**
 * The items of a QTI package (zip) or of a single item file. A package with an `imsmanifest.xml` is read in
 * the manifest's order, following the hrefs of its item resources (QTI 2.1, 2.2 and 3.0 resource types);
 * without one, every XML file that is an assessment item (tests and sections are skipped).
 */
export async function readUpload(bytes: Buffer): Promise<QtiUpload> {
  const errors: FieldError[] = [];
  const items: ReadItem[] = [];
  const take = (name: string, xml: string) => {
    const result = readItem(xml, name);
    if (result.item) items.push(result.item);
    else if (!result.skip) errors.push({ path: name, message: result.error ?? 'Not understood' });
  };
  if (!isZip(bytes)) {
    take('item.xml', decodeXml(bytes));
    return { items, errors, file: async () => null };
  }
  const zip = await unzip(bytes);
  const present = new Set(zip.names);
  const manifestName = zip.names
    .filter((n) => (n.split('/').pop() ?? '').toLowerCase() === 'imsmanifest.xml')
    .sort((a, b) => a.split('/').length - b.split('/').length)[0];
  let names: string[] | null = null;
  if (manifestName) {
    const manifest = parseXml(decodeXml(await zip.read(manifestName)));
    if (!manifest.doc) throw new Refused(`imsmanifest.xml: ${manifest.error}`);
    const resources = descendants(manifest.doc.documentElement!, (e) => keyOf(e) === 'resource').filter((r) =>
      (r.getAttribute('type') ?? '').toLowerCase().startsWith('imsqti_item_xml'),
    );
    if (resources.length) {
      names = [];
      for (const r of resources) {
        const base = r.getAttribute('xml:base') ?? '';
        const href = r.getAttribute('href') ?? childrenNamed(r, 'file')[0]?.getAttribute('href') ?? '';
        const path = resolvePath(manifestName, `${base}${href}`);
        const label = href || r.getAttribute('identifier') || 'resource';
        if (path === null || !present.has(path))
          errors.push({ path: label, message: 'The manifest names this item, but the package does not hold it' });
        else names.push(path);
      }
    }
  }
  names ??= zip.names.filter((n) => n.toLowerCase().endsWith('.xml') && n !== manifestName).sort();
  if (names.length > MAX_ITEMS) throw new Refused(`At most ${MAX_ITEMS} items at a time`);
  for (const name of names) take(name, decodeXml(await zip.read(name)));
  return { items, errors, file: async (path) => (present.has(path) ? zip.read(path) : null) };
}

/** Why a whole upload cannot be read (not a zip, a broken manifest, too many items), for a 400. */
export const isRefusal = (err: unknown): err is Error => err instanceof Refused;

const Checked = z.object(questionFields).superRefine(checkQuestion);

/**
 * The size a picture will have once stored: turned upright as its EXIF orientation says and at most 2000 px on its
 * long side, as `prepareImage` keeps it (platform/images.ts), read from its header alone.
 */
async function storedSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta) return null;
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.pageHeight ?? meta.autoOrient?.height ?? meta.height;
  if (!width || !height) return null;
  const scale = Math.min(1, IMAGE_LONG_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * An SVG picture drawn as a PNG (a stored picture is pixels, decision 067, and an SVG as it is could carry script): at
 * the size the item shows it, where it gives one (its areas are measured there), else at its own, at most 2000 px on
 * its long side; the drawing keeps its proportions in a box of another shape, the rest transparent, as a browser
 * shows it. librsvg reads it from memory, with no folder to fetch other files from. Null when it is not an SVG.
 */
async function drawSvg(bytes: Buffer, shown: Size | undefined) {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (meta?.format !== 'svg' || !meta.width || !meta.height) return null;
  const target = shown ?? { width: meta.width, height: meta.height };
  const scale = Math.min(1, IMAGE_LONG_SIDE / Math.max(target.width, target.height));
  const [width, height] = [target.width, target.height].map((n) => Math.max(1, Math.round(n * scale))) as [
    number,
    number,
  ];
  // Drawn at the density that gives the size wanted (at most 50 times its own), so lines stay sharp.
  const density = Math.min(72 * 50, 72 * Math.max(width / meta.width, height / meta.height));
  const png = await sharp(bytes, { density })
    .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
    .catch(() => null);
  return png && { bytes: png, width, height };
}

/** Everything an import needs once every item has been read and checked: nothing is stored yet. */
export interface QtiImport {
  /** One per question: the default language's version, the others' words put in its translations (decision 099). */
  items: ReadItem[];
  /** The package's images the items show, sniffed and within the image size limit. */
  images: Map<string, { bytes: Buffer; type: string }>;
  /** Items (and manifest entries) refused: the file and, in the message, item and reason. The rest import. */
  errors: FieldError[];
  notes: FieldError[];
  total: number;
}

const PLACEHOLDER = () => '/question/image/0/00000000000000000000000000000000';

/**
 * Reads an upload and checks every item as the question editor would, images included. Each item stands alone: a
 * refused one is named in `errors` and the others go on to be imported. Items that are versions of one another in
 * the olympiad's languages (decision 099) then become one question.
 */
export async function prepareImport(bytes: Buffer, olympiad: OlympiadLanguages = englishOnly): Promise<QtiImport> {
  const upload = await readUpload(bytes);
  const errors = [...upload.errors];
  const notes: FieldError[] = [];
  const checked: ReadItem[] = [];
  const images = new Map<string, { bytes: Buffer; type: string }>();
  const sizes = new Map<string, { width: number; height: number }>();
  /** The notes of the SVG pictures drawn as PNGs, said to every item that shows one. */
  const drawn = new Map<string, string>();
  for (const item of upload.items) {
    const problems: string[] = [];
    for (const path of item.images) {
      const known = sizes.get(path);
      if (known) item.sizes.set(path, known);
      if (drawn.has(path)) item.notes.push(drawn.get(path)!);
      if (images.has(path)) continue;
      let file = await upload.file(path);
      let type = file ? sniffImage(file) : null;
      if (file && !type && file.length <= MAX_IMAGE_BYTES) {
        const png = await drawSvg(file, item.shown.get(path));
        if (png) {
          [file, type] = [png.bytes, 'image/png'];
          drawn.set(path, `The SVG picture “${path}” was stored as a PNG of ${png.width} × ${png.height} pixels`);
          item.notes.push(drawn.get(path)!);
        }
      }
      if (!file) problems.push(`the image “${path}” is not in the package`);
      else if (!type) problems.push(`“${path}” is not a PNG, JPEG, GIF, WebP or SVG image`);
      else if (file.length > MAX_IMAGE_BYTES) problems.push(`the image “${path}” is larger than 2 MB`);
      else {
        // Its header, before the import stores anything: a pixel bomb is a problem of its item, not a 500 later.
        const header = await checkImageHeader(file).catch((error: { code?: string }) => error);
        if ('width' in header) {
          images.set(path, { bytes: file, type });
          // The picture's size as stored, which its areas are measured in (decision 084).
          const size = await storedSize(file);
          if (size) {
            sizes.set(path, size);
            item.sizes.set(path, size);
          }
        } else if (header.code === 'image_too_large')
          problems.push(`the image “${path}” has more than 40 million pixels`);
        else problems.push(`the image “${path}” could not be read`);
      }
    }
    const question = item.build(PLACEHOLDER);
    // The editor's own rules (checkQuestion): a choice item whose options carry the question needs no prompt text.
    const result = Checked.safeParse({ ...question, prompt: sanitizeRichText(question.prompt) });
    if (!result.success)
      problems.push(
        ...result.error.issues.map((i) => (i.path[0] === 'prompt' ? 'the item has no question text' : i.message)),
      );
    if (problems.length)
      errors.push({ path: item.file, message: `Item “${item.identifier}”: ${[...new Set(problems)].join('; ')}` });
    else checked.push(item);
  }
  const items = joinVersions(checked, olympiad, errors);
  for (const item of items) {
    if (item.keyless)
      notes.push({
        path: item.file,
        message: `Item “${item.identifier}” has no correct response: imported as a draft that needs its key`,
      });
    for (const note of item.notes) notes.push({ path: item.file, message: `Item “${item.identifier}”: ${note}` });
  }
  // Only the pictures of what is imported are stored: nothing of a version left out.
  const shown = new Set(items.flatMap((i) => i.images));
  for (const path of [...images.keys()]) if (!shown.has(path)) images.delete(path);
  return { items, images, errors, notes, total: upload.items.length + upload.errors.length };
}

/**
 * The items as questions (decision 099): items with the same identifier but for a language suffix, in different
 * languages, are one question's versions. The version in the olympiad's default language is the question; another in
 * a language the olympiad offers is its translation, when it is the same question (its kind, choices, gaps and key);
 * one in a language it does not offer is left out, said in the notes (the item's own, as every item's are). A
 * question with no version in the default language is refused: its words would stand where the default's belong.
 */
function joinVersions(checked: ReadItem[], olympiad: OlympiadLanguages, errors: FieldError[]): ReadItem[] {
  const own = languageOfItem(null, olympiad).lang;
  const groups: Array<{ base: string; versions: Map<PaperLanguage, ReadItem> }> = [];
  for (const item of checked) {
    const { lang, note } = languageOfItem(item.language, olympiad);
    if (note) item.notes.push(note);
    const base = baseIdentifier(item.identifier, item.language, lang);
    const group = groups.find((g) => g.base === base && !g.versions.has(lang));
    if (group) group.versions.set(lang, item);
    else groups.push({ base, versions: new Map([[lang, item]]) });
  }
  const offered = (l: PaperLanguage) => olympiad.languages.includes(l);
  const out: ReadItem[] = [];
  for (const { versions } of groups) {
    const main = versions.get(own);
    if (!main) {
      for (const [lang, v] of versions)
        errors.push({
          path: v.file,
          message: offered(lang)
            ? `Item “${v.identifier}” is in ${languageName(lang)}, and the package has no ${languageName(own)} version of it: this olympiad’s questions are written in ${languageName(own)} first`
            : `Item “${v.identifier}” is in ${languageName(lang)}, which this olympiad is not offered in`,
        });
      continue;
    }
    const ownQuestion = main.build(PLACEHOLDER);
    const others: Array<{ lang: PaperLanguage; item: ReadItem }> = [];
    for (const [lang, v] of versions) {
      if (lang === own) continue;
      const why = offered(lang)
        ? versionMismatch(ownQuestion, v.build(PLACEHOLDER))
        : `this olympiad is not offered in ${languageName(lang)}`;
      if (why) main.notes.push(`its ${languageName(lang)} version “${v.identifier}” was left out: ${why}`);
      else others.push({ lang, item: v });
    }
    if (!others.length) {
      out.push(main);
      continue;
    }
    // The words of each version, checked as the editor checks a translation; the short answer's spellings as its key.
    const spelt: string[] = [];
    const merged = withTranslations(
      ownQuestion,
      others.map((o) => ({ lang: o.lang, question: o.item.build(PLACEHOLDER) })),
      spelt,
    );
    const words = Object.fromEntries(
      Object.entries(merged.translations ?? {}).map(([l, t]) => [
        l,
        { prompt: t.prompt, imageAlt: t.imageAlt, options: t.options, targets: t.targets, gapText: t.gapText },
      ]),
    );
    const result = Checked.safeParse({
      ...merged,
      prompt: sanitizeRichText(merged.prompt),
      translations: words,
    });
    if (!result.success) {
      main.notes.push(
        `its ${others.map((o) => languageName(o.lang)).join(' and ')} version was left out: ${[...new Set(result.error.issues.map((i) => i.message))].join('; ')}`,
      );
      out.push(main);
      continue;
    }
    main.notes.push(
      ...spelt,
      ...others.flatMap((o) => o.item.notes.map((n) => `its ${languageName(o.lang)} version: ${n}`)),
    );
    out.push({
      ...main,
      images: [...new Set([...main.images, ...others.flatMap((o) => o.item.images)])],
      build: (urlOf) =>
        withTranslations(
          main.build(urlOf),
          others.map((o) => ({ lang: o.lang, question: o.item.build(urlOf) })),
        ),
    });
  }
  return out;
}
