import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CertificateConfig,
  CertificateConfigAnswer,
  type CertificatePublicAddress,
  GenerationStatus,
  SendStatus,
} from '#contract/certificates';
import { ok, stubApi } from '../../../test/api.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { EditCertificatesPage } from './EditCertificatesPage.js';
import { GenerateAndSendPage } from './GenerateAndSendPage.js';

/**
 * The admin's certificate pages and the server's public address (PUBLIC_URL): a plain warning while it is a local
 * one (every certificate would say "verify at localhost:…"), and a designer whose canvas prints the address, the
 * signatory and the fonts the PDF prints, not the browser's own host or look-alike fonts. Only the network is
 * stubbed, and the page's size: happy-dom lays nothing out, so the canvas is given the width a browser would.
 */

const warning = 'Certificates would point to this computer only';
const local: CertificatePublicAddress = { url: 'http://localhost:3000', local: true };
const public_: CertificatePublicAddress = { url: 'https://olympiad.example.org', local: false };

const field = (f: Partial<CertificateConfig['default']['fields'][number]>) => ({
  x: 100,
  y: 100,
  width: 640,
  size: 16,
  font: 'serif' as const,
  align: 'center' as const,
  colour: '#1a1a1a',
  kind: 'text' as const,
  ...f,
});

const config: CertificateConfig = {
  default: {
    orientation: 'landscape',
    backgroundFileId: null,
    signatureFileId: null,
    fields: [
      field({ kind: 'learner', y: 196, size: 54, font: 'script' }),
      field({ kind: 'signature', text: '{olympiad}', x: 522, y: 430, width: 210, size: 50 }),
      field({ text: 'Organiser', x: 522, y: 486, width: 210, size: 10, font: 'sans' }),
      field({ text: 'Certificate {code} · verify at {verifyUrl}', x: 171, y: 520, width: 500, size: 8 }),
    ],
  },
  templates: {},
};

const configAnswer = (publicAddress: CertificatePublicAddress) =>
  ok(CertificateConfigAnswer, {
    success: true,
    config,
    kinds: [{ key: 'participation', label: 'Participation' }],
    updatedAt: null,
    publicAddress,
  });

/** The page box gets a browser's width (842 px: one pixel a point), as a ResizeObserver reports it. */
function layOutPages() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        const box = { inlineSize: 842, blockSize: 595 };
        const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 595, right: 842, width: 842, height: 595 };
        setTimeout(() =>
          this.report(
            [
              {
                target,
                borderBoxSize: [box],
                contentBoxSize: [box],
                contentRect: rect,
              } as unknown as ResizeObserverEntry,
            ],
            this as unknown as ResizeObserver,
          ),
        );
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

const renderEdit = () =>
  renderWithApp(<EditCertificatesPage />, {
    path: '/geo-2026/admin/results/edit-certificates',
    route: '/:olympiadName/admin/results/edit-certificates',
  });

afterEach(() => {
  delete (document.fonts as unknown as { add?: unknown }).add;
});

describe('EditCertificatesPage', () => {
  it('warns plainly while the server’s public address is a local one, naming what certificates would print', async () => {
    stubApi({ ...routeOlympiad, 'GET /olympiad/certificate-config/3': configAnswer(local) });
    renderEdit();

    const alert = await screen.findByRole('alert', { name: warning });
    expect(alert.textContent).toContain('every certificate says “verify at localhost:3000”');
    expect(alert.textContent).toContain('PUBLIC_URL');
  });

  it('says nothing of the sort when the address is a public one', async () => {
    stubApi({ ...routeOlympiad, 'GET /olympiad/certificate-config/3': configAnswer(public_) });
    renderEdit();

    await screen.findByRole('group', { name: /The default certificate/ });
    expect(screen.queryByRole('alert', { name: warning })).toBeNull();
  });

  it('the canvas prints the address the PDF prints, not the browser’s, and the signatory on the line', async () => {
    layOutPages();
    stubApi({ ...routeOlympiad, 'GET /olympiad/certificate-config/3': configAnswer(public_) });
    renderEdit();

    const canvas = await screen.findByRole('group', { name: /The default certificate/ });
    const verify = await within(canvas).findByRole('button', { name: /^Fixed text: Certificate/ });
    expect(verify.textContent).toBe('Certificate K7QX-M4PT-9RHW · verify at olympiad.example.org/verify/K7QXM4PT9RHW');
    // The test page's own address is another host: the canvas must not print it.
    expect(window.location.host).not.toBe('olympiad.example.org');
    expect(verify.textContent).not.toContain(window.location.host || 'localhost');
    // No signature image yet: the line carries the olympiad's name, as the PDF prints it.
    within(canvas).getByRole('button', { name: /^Signature: Geography Olympiad 2026,/ });
  });

  it('the canvas draws in the PDF’s own fonts, fetched from the server', async () => {
    layOutPages();
    const added: { family: string; weight: string }[] = [];
    class TestFontFace {
      constructor(
        readonly family: string,
        readonly source: ArrayBuffer,
        readonly descriptors: { weight: string },
      ) {}
      load() {
        return Promise.resolve(this);
      }
    }
    vi.stubGlobal('FontFace', TestFontFace);
    Object.assign(document.fonts, {
      add: (face: TestFontFace) => added.push({ family: face.family, weight: face.descriptors.weight }),
    });
    const font = { status: 200, body: {} };
    const sent = stubApi({
      ...routeOlympiad,
      'GET /olympiad/certificate-config/3': configAnswer(public_),
      ...Object.fromEntries(
        ['serif', 'serif-bold', 'sans', 'sans-bold', 'script'].map((f) => [
          `GET /olympiad/certificate-config/3/fonts/${f}`,
          font,
        ]),
      ),
    });
    renderEdit();

    const canvas = await screen.findByRole('group', { name: /The default certificate/ });
    await waitFor(() => expect(canvas.dataset.fonts).toBe('pdf'));
    expect(sent.filter((r) => r.path.includes('/fonts/')).map((r) => r.path.split('/').pop())).toEqual([
      'serif',
      'serif-bold',
      'sans',
      'sans-bold',
      'script',
    ]);
    expect(added).toEqual([
      { family: 'Olympus EB Garamond', weight: '400' },
      { family: 'Olympus EB Garamond', weight: '700' },
      { family: 'Olympus Source Sans 3', weight: '400' },
      { family: 'Olympus Source Sans 3', weight: '700' },
      { family: 'Olympus Great Vibes', weight: '400' },
    ]);
    // The learner's name is drawn in the PDF's script font, upright as the PDF prints it.
    const name = await within(canvas).findByRole('button', { name: /^Learner’s name:/ });
    const text = name.querySelector('span')!;
    expect(text.style.fontFamily.startsWith('"Olympus Great Vibes"')).toBe(true);
    expect(text.style.fontStyle).toBe('');
  });
});

describe('GenerateAndSendPage', () => {
  const routes = (publicAddress: CertificatePublicAddress) => ({
    ...routeOlympiad,
    'GET /certificates/get-generation-status': ok(GenerationStatus, {
      success: true,
      published: true,
      job: null,
      schools: { total: 2, generated: 0 },
      certificates: 0,
      publicAddress,
    }),
    'GET /certificates/get-send-status': ok(SendStatus, {
      success: true,
      job: null,
      counts: { pending: 0, queued: 0, sent: 0, failed: 0 },
      schools: [],
      total: 0,
      page: 1,
      pageSize: 25,
    }),
  });
  const renderGenerate = () =>
    renderWithApp(<GenerateAndSendPage />, {
      path: '/geo-2026/admin/results/generate-and-send-certificates',
      route: '/:olympiadName/admin/results/generate-and-send-certificates',
    });

  it('warns before anything is generated or sent while the address is local', async () => {
    stubApi(routes(local));
    renderGenerate();

    const alert = await screen.findByRole('alert', { name: warning });
    expect(alert.textContent).toContain('verify at localhost:3000');
  });

  it('and not when it is public', async () => {
    stubApi(routes(public_));
    renderGenerate();

    await screen.findByText('The results are published.');
    expect(screen.queryByRole('alert', { name: warning })).toBeNull();
  });
});
