import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPagesText } from '../../test/pdf.js';
import { fontFile, sharedFontkit } from './pdf-fonts.js';

async function documentOf(text: string): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(sharedFontkit);
  const font = await pdf.embedFont(fontFile('serif').bytes, { subset: true });
  pdf.addPage([400, 200]).drawText(text, { x: 20, y: 100, size: 18, font });
  const [page] = await pdfPagesText(await pdf.save());
  return page!;
}

describe('the fonts shared by every document of the process', () => {
  it('a letter first met as part of an accented one still reads as itself in the next document', async () => {
    // "ü" is drawn from "u" and a diaeresis: subsetting the first document reaches "u" with no text of its own.
    expect(await documentOf('Zoë Müller-Nel')).toContain('Zoë Müller-Nel');
    expect(await documentOf('Anré du Plessis')).toContain('Anré du Plessis');
  });
});
