import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportReport } from '#contract/learners';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { UploadCard } from './UploadCard.js';

/** The rows that need attention scroll sideways on a phone: a named region a keyboard reaches. */

describe('UploadCard: the report on a file', () => {
  it('puts the rows that need attention in a named region in the tab order', async () => {
    stubApi({
      'POST /learner/v-rest/import/preview': ok(ImportReport, {
        success: true,
        fileName: 'learners.csv',
        total: 1,
        valid: 0,
        invalid: 1,
        errors: [{ row: 2, field: 'grade', message: 'Grade 8 to 12', value: '4' }],
        sample: [],
        encoding: 'utf-8',
        headerRow: 1,
        importId: null,
      }),
    });
    const { user, container } = renderWithApp(
      <UploadCard scope={{ olympiadId: 3, schoolId: 40 }} grades={{ minGrade: 8, maxGrade: 12 }} slipName="slips" />,
    );
    const file = new File(['First name,Surname,Grade\nThandi,Mokoena,4\n'], 'learners.csv', { type: 'text/csv' });
    await user.upload(container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    const region = await screen.findByRole('region', { name: 'Rows that need attention' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Rows that need attention' })).toBeTruthy();
  });
});
