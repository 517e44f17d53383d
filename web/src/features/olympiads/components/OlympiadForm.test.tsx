import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OlympiadRecord, OlympiadResultBody } from '#contract/olympiads';
import { ok, refused, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { OlympiadForm } from './OlympiadForm.js';

/**
 * The settings form of a paper in two languages (decision 094): the default language among the chosen ones, the
 * instructions and declaration in the other language beside the default's, that language's verification, and the
 * server's refusal of a default-language swap shown as it words it. Only the network is stubbed.
 */

const bilingual = OlympiadRecord.parse({
  id: 3,
  projectId: 1,
  projectName: 'geography',
  subProjectId: null,
  varName: 'geo-2026',
  title: 'Geography Olympiad 2026',
  year: 2026,
  kind: 'school',
  open: false,
  pinned: false,
  startsAt: '2026-05-14T06:00:00.000Z',
  endsAt: '2026-05-14T15:00:00.000Z',
  durationMinutes: 60,
  feeCents: 3500,
  currency: 'ZAR',
  teamSize: 4,
  minGrade: 8,
  maxGrade: 12,
  instructions: '<p>Read every question.</p>',
  declaration: '<p>I work alone.</p>',
  shuffleOptions: false,
  showScore: false,
  paymentRequired: false,
  languages: ['en', 'af'],
  defaultLanguage: 'en',
  translations: {
    af: {
      instructions: '<p>Lees elke vraag.</p>',
      declaration: '<p>Ek werk alleen.</p>',
      verified: false,
      verifiedBy: null,
      verifiedAt: null,
    },
  },
  updatedAt: '2026-03-01T08:00:00.000Z',
  can: { edit: true, editAll: false, open: true, pin: true, grant: false },
});

const saved = ok(OlympiadResultBody, { success: true, olympiad: bilingual });

/** Types into one of the rich-text editors as the browser's input event reports it. */
function write(name: string, html: string) {
  const box = screen.getByRole('textbox', { name });
  box.innerHTML = html;
  fireEvent.input(box);
}

const put = (sent: ReturnType<typeof stubApi>) => sent.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;

describe('OlympiadForm: a paper in English and Afrikaans', () => {
  it('writes the Afrikaans instructions beside the English, each in its own lang, and sends both exactly', async () => {
    const sent = stubApi({ 'PUT /olympiad/v-rest/3': saved });
    const { user } = renderWithApp(<OlympiadForm olympiad={bilingual} mode="settings" />);

    const af = screen.getByRole('region', { name: 'Afrikaans' });
    const en = screen.getByRole('region', { name: 'English (default)' });
    expect(
      within(af).getByRole('textbox', { name: 'Instructions (Afrikaans)' }).closest('[lang]')?.getAttribute('lang'),
    ).toBe('af');
    expect(
      within(en).getByRole('textbox', { name: 'Instructions (English)' }).closest('[lang]')?.getAttribute('lang'),
    ).toBe('en');
    expect(within(af).getByText('Not verified')).toBeTruthy();

    write('Instructions (Afrikaans)', '<p>Lees elke vraag twee keer.</p>');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(put(sent)).toBeDefined());
    const body = put(sent);
    expect(body.languages).toEqual(['en', 'af']);
    expect(body.defaultLanguage).toBe('en');
    expect(body.instructions).toBe('<p>Read every question.</p>');
    expect(body.declaration).toBe('<p>I work alone.</p>');
    expect(body.translations).toEqual({
      af: { instructions: '<p>Lees elke vraag twee keer.</p>', declaration: '<p>Ek werk alleen.</p>' },
    });
  });

  it('verifies the Afrikaans version, once saved; shows who verified it and when', async () => {
    const verified = {
      ...bilingual,
      translations: {
        af: {
          ...bilingual.translations.af!,
          verified: true,
          verifiedBy: 'admin2',
          verifiedAt: '2026-03-02T09:30:00.000Z',
        },
      },
    };
    const sent = stubApi({
      'POST /olympiad/translations/3/verify': ok(OlympiadResultBody, { success: true, olympiad: verified }),
    });
    const { user, unmount } = renderWithApp(<OlympiadForm olympiad={bilingual} mode="settings" />);

    await user.click(screen.getByRole('button', { name: 'Mark Afrikaans verified' }));
    await waitFor(() => expect(sent.some((r) => r.path === '/olympiad/translations/3/verify')).toBe(true));
    const request = sent.find((r) => r.path === '/olympiad/translations/3/verify')!;
    expect(request.method).toBe('POST');
    expect(request.query.get('language')).toBe('af');
    expect(request.query.get('verified')).toBe('true');
    unmount();

    // The settings page mounts the form anew with the olympiad as the server answers it.
    renderWithApp(<OlympiadForm olympiad={verified} mode="settings" />);
    const af = screen.getByRole('region', { name: 'Afrikaans' });
    expect(within(af).getByText(/^by admin2 on /)).toBeTruthy();
    expect(within(af).getByRole('button', { name: 'Clear Afrikaans verification' })).toBeTruthy();
  });

  it('waits for a save before verifying: what is verified is the stored version', () => {
    stubApi({});
    renderWithApp(<OlympiadForm olympiad={bilingual} mode="settings" />);
    write('Declaration (Afrikaans)', '<p>Ek werk heeltemal alleen.</p>');
    expect((screen.getByRole('button', { name: 'Mark Afrikaans verified' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Save your changes first: what is verified is the saved version.')).toBeTruthy();
  });

  it('sends a new default language, and shows the server’s 409 when a text has no version in it', async () => {
    const message =
      'Afrikaans cannot become the default language: these have no Afrikaans version: Module 1, question 2';
    const sent = stubApi({ 'PUT /olympiad/v-rest/3': refused(409, 'conflict', message) });
    const { user } = renderWithApp(<OlympiadForm olympiad={bilingual} mode="settings" />);

    await user.click(screen.getByRole('combobox', { name: 'Default language' }));
    await user.click(screen.getByRole('option', { name: 'Afrikaans' }));
    expect(screen.getByText('Afrikaans becomes the default language')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(message)).toBeTruthy();
    const body = put(sent);
    expect(body.defaultLanguage).toBe('af');
    expect(body.translations).toEqual({
      af: { instructions: '<p>Lees elke vraag.</p>', declaration: '<p>Ek werk alleen.</p>' },
    });
  });

  it('keeps the default one of the chosen languages: taking English away makes Afrikaans the default', async () => {
    const sent = stubApi({ 'PUT /olympiad/v-rest/3': saved });
    const { user } = renderWithApp(<OlympiadForm olympiad={bilingual} mode="settings" />);
    // Take English away: Afrikaans, the one language left, becomes the default.
    await user.click(screen.getByRole('combobox', { name: 'Languages' }));
    await user.click(screen.getByRole('option', { name: 'English' }));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Default language' }) as HTMLInputElement).value).toBe('Afrikaans'),
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(put(sent)).toBeDefined());
    expect(put(sent).languages).toEqual(['af']);
    expect(put(sent).defaultLanguage).toBe('af');
    expect(put(sent).translations).toEqual({
      af: { instructions: '<p>Lees elke vraag.</p>', declaration: '<p>Ek werk alleen.</p>' },
    });
  });
});
