import { describe, expect, it } from 'vitest';
import { CertificateField } from '#contract/certificates';
import { clampToPage, fieldText, newField, pageSize, placeholders, sampleValues } from './fields.js';

const sample = sampleValues('Geography Olympiad 2025', new Date('2026-03-14T10:00:00Z'), 'https://olympus.example');
const landscape = pageSize('landscape');

describe('the designer’s fields', () => {
  it('fill a text field’s placeholders with the sample and leave unknown ones as typed', () => {
    expect(fieldText({ kind: 'text', text: '{learner} of {school}, {award}' }, sample)).toBe(
      'Zoë Müller-Nel of Hoërskool Waterkloof, Gold',
    );
    expect(fieldText({ kind: 'text', text: 'verify at {verifyUrl} {nope}' }, sample)).toBe(
      'verify at olympus.example/verify/K7QXM4PT9RHW {nope}',
    );
    expect(fieldText({ kind: 'date' }, sample)).toBe('14 March 2026');
    expect(fieldText({ kind: 'qr' }, sample)).toBe('QR code');
    // A signature field's text is its signatory, printed on the line while there is no signature image.
    expect(fieldText({ kind: 'signature', text: '{olympiad}' }, sample)).toBe('Geography Olympiad 2025');
    expect(fieldText({ kind: 'signature' }, sample)).toBe('');
  });

  it('have a sample for every placeholder the server takes', () => {
    for (const name of placeholders) expect(sample[name], name).toBeTruthy();
  });

  it('keep a dragged field on the page in whole points', () => {
    const field = newField('learner', landscape);
    expect(clampToPage(field, landscape, -30.4, -2)).toEqual({ x: 0, y: 0 });
    const far = clampToPage(field, landscape, 5000, 5000);
    expect(far.x + field.width).toBeLessThanOrEqual(landscape.width);
    expect(far.y + field.size).toBeLessThanOrEqual(landscape.height);
    expect(clampToPage(field, landscape, 100.6, 200.2)).toEqual({ x: 101, y: 200 });
  });

  it('add new fields the contract accepts, inside the page', () => {
    for (const orientation of ['landscape', 'portrait'] as const) {
      const page = pageSize(orientation);
      for (const kind of ['learner', 'text', 'qr', 'signature'] as const) {
        const field = newField(kind, page);
        expect(CertificateField.safeParse(field).success, kind).toBe(true);
        expect(field.x + field.width).toBeLessThanOrEqual(page.width);
        expect(field.y + field.size).toBeLessThanOrEqual(page.height);
      }
    }
  });
});
