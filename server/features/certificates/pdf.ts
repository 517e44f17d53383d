import { PDFDocument, type PDFEmbeddedPage, type PDFFont } from 'pdf-lib';
import type { CertificateConfig, CertificateTemplate } from '#contract/certificates';
import { translate } from '../../platform/i18n.js';
import { printedCode } from './codes.js';
import { pageSize, templateFor } from './config.js';
import type { PreparedFiles } from './pdf-files.js';
import { type FontName, fontFile, fontFor, sharedFontkit } from './pdf-fonts.js';
import { alignedX, colour, drawQr, frameOf } from './pdf-marks.js';
import { type CertificatePrint, textOf, valuesOf } from './pdf-values.js';

/* Certificates as PDF documents: a school's batch or one certificate, drawn page by page. */

/** A signature field without an image prints its signatory at this share of its height, this far above the line. */
const SIGNATORY_SCALE = 0.4;
const SIGNATORY_RAISE = 4;

export { type PreparedFile, type PreparedFiles, prepareFile } from './pdf-files.js';
export type { CertificatePrint } from './pdf-values.js';

/**
 * One PDF of certificates (a school's batch, or one certificate): the fonts, backgrounds and signatures are embedded
 * once per document and reused by every page.
 */
export class CertificateDocument {
  private readonly fonts = new Map<FontName, Promise<PDFFont>>();
  private readonly pages = new Map<number, Promise<PDFEmbeddedPage>>();
  private readonly framePages = new Map<string, Promise<PDFEmbeddedPage>>();

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly config: CertificateConfig,
    private readonly files: PreparedFiles,
  ) {}

  static async create(config: CertificateConfig, files: PreparedFiles, title: string): Promise<CertificateDocument> {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(sharedFontkit);
    pdf.setTitle(title);
    pdf.setCreator('Olympus');
    pdf.setProducer('Olympus');
    return new CertificateDocument(pdf, config, files);
  }

  private font(name: FontName): Promise<PDFFont> {
    let font = this.fonts.get(name);
    if (!font) {
      font = this.pdf.embedFont(fontFile(name).bytes, { subset: true });
      this.fonts.set(name, font);
    }
    return font;
  }

  private embedded(fileId: number): Promise<PDFEmbeddedPage> | null {
    const file = this.files.get(fileId);
    if (!file) return null;
    let page = this.pages.get(fileId);
    if (!page) {
      page = this.pdf.embedPage(file.doc.getPage(0));
      this.pages.set(fileId, page);
    }
    return page;
  }

  private frame(width: number, height: number): Promise<PDFEmbeddedPage> {
    const key = `${width}x${height}`;
    let page = this.framePages.get(key);
    if (!page) {
      page = frameOf(width, height).then((f) => this.pdf.embedPage(f.doc.getPage(0)));
      this.framePages.set(key, page);
    }
    return page;
  }

  /** Adds one certificate as a new page. */
  async add(p: CertificatePrint): Promise<void> {
    const template: CertificateTemplate = templateFor(this.config, p.kind);
    const { width, height } = pageSize(template);
    const page = this.pdf.addPage([width, height]);
    const background = template.backgroundFileId == null ? null : this.embedded(template.backgroundFileId);
    if (background) page.drawPage(await background, { x: 0, y: 0, width, height });
    else page.drawPage(await this.frame(width, height), { x: 0, y: 0, width, height });
    const values = valuesOf(p);
    for (const f of template.fields) {
      if (f.kind === 'qr') {
        const side = Math.min(f.size, f.width);
        drawQr(page, p.verifyUrl, alignedX(f, side), height - f.y - side, side);
        continue;
      }
      if (f.kind === 'signature') {
        const lineY = height - f.y - f.size;
        page.drawLine({
          start: { x: f.x, y: lineY },
          end: { x: f.x + f.width, y: lineY },
          thickness: 0.7,
          color: colour(f.colour),
        });
        const image = template.signatureFileId == null ? null : this.embedded(template.signatureFileId);
        const file = template.signatureFileId == null ? null : this.files.get(template.signatureFileId);
        if (image && file) {
          const scale = Math.min(f.width / file.width, (f.size - 2) / file.height);
          const w = file.width * scale;
          page.drawPage(await image, { x: alignedX(f, w), y: lineY + 2, width: w, height: file.height * scale });
          continue;
        }
        // No signature image: the signatory's name on the line, so that the line is not left blank.
        const signatory = textOf(f, values, p.language);
        if (!signatory) continue;
        const font = await this.font(fontFor(f.font, signatory));
        const wanted = SIGNATORY_SCALE * f.size;
        const natural = font.widthOfTextAtSize(signatory, wanted);
        const size = natural > f.width ? (wanted * f.width) / natural : wanted;
        const w = Math.min(natural, f.width);
        page.drawText(signatory, {
          x: alignedX(f, w),
          y: lineY + SIGNATORY_RAISE,
          size,
          font,
          color: colour(f.colour),
        });
        continue;
      }
      const text = textOf(f, values, p.language);
      if (!text) continue;
      const font = await this.font(fontFor(f.font, text));
      const natural = font.widthOfTextAtSize(text, f.size);
      const size = natural > f.width ? (f.size * f.width) / natural : f.size;
      const w = Math.min(natural, f.width);
      // A shrunk text stays on its line, raised a little so that it sits in the middle of the field's box.
      const baseline = f.y + 0.8 * f.size - (f.size - size) * 0.3;
      page.drawText(text, { x: alignedX(f, w), y: height - baseline, size, font, color: colour(f.colour) });
    }
  }

  get pageCount(): number {
    return this.pdf.getPageCount();
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save({ useObjectStreams: false });
  }
}

/** One certificate's document title. */
export const certificateTitle = (print: CertificatePrint) =>
  translate(print.language ?? 'en', 'pdf.certificate.title', { code: printedCode(print.code) });

/** One certificate as a PDF file (a download on demand, or the designer's preview). */
export async function certificatePdf(
  config: CertificateConfig,
  files: PreparedFiles,
  print: CertificatePrint,
): Promise<Uint8Array> {
  const doc = await CertificateDocument.create(config, files, certificateTitle(print));
  await doc.add(print);
  return doc.save();
}
