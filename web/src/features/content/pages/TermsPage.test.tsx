import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TermsVersionList } from '#contract/copy';
import { ok, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { TermsPage } from './TermsPage.js';

/**
 * The published versions scroll sideways on a phone: a named region a keyboard reaches, round a named table. The
 * section is already called "Published versions", so the scroll region has a name of its own.
 */

describe('TermsPage: published versions', () => {
  it('is a named region in the tab order around its table', async () => {
    stubApi({
      'GET /api/terms-and-conditions/versions': ok(TermsVersionList, {
        success: true,
        items: [
          {
            id: 2,
            version: 2,
            body: '<p>Terms</p>',
            summary: 'Clearer wording',
            publishedAt: '2026-03-03T10:00:00.000Z',
            acceptances: 4,
          },
        ],
      }),
    });
    renderWithApp(<TermsPage />, { path: '/overlord/edit/terms-and-conditions' });
    const region = await screen.findByRole('region', { name: 'Versions and their acceptances' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Published versions' })).toBeTruthy();
  });
});
