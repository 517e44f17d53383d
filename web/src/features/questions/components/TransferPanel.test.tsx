import { screen, within } from '@testing-library/react';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ok, refused, stubApi } from '../../../test/api.js';
import { renderWithApp } from '../../../test/render.js';
import { TransferPanel } from './TransferPanel.js';

/** A QTI import goes item by item: the panel names the items left out with their reasons, apart from the notes. */

const Imported = z.object({
  success: z.literal(true),
  imported: z.number(),
  drafts: z.number(),
  refused: z.number(),
  notes: z.array(z.object({ path: z.string(), message: z.string() })),
  message: z.string(),
});

async function importFile(name: string) {
  const rendered = renderWithApp(<TransferPanel moduleId={11} />);
  const input = rendered.container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  await rendered.user.upload(input, new File(['<x/>'], name, { type: 'application/zip' }));
  return rendered;
}

describe('TransferPanel: a QTI import', () => {
  it('lists the items not imported, each with its file and reason, then the notes', async () => {
    const sent = stubApi({
      'POST /question/v-rest/import-qti': ok(Imported, {
        success: true,
        imported: 2,
        drafts: 0,
        refused: 1,
        notes: [
          {
            path: 'order.xml',
            message:
              'Not imported: Item “order”: <orderInteraction> is not imported; only choice and text-entry items are',
          },
          { path: 'text_entry.xml', message: 'Item “textEntry”: Answers are compared without regard to case' },
        ],
        message: '2 questions were imported; 1 item was not imported (see the notes)',
      }),
    });
    await importFile('package.zip');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('2 questions were imported; 1 item was not imported (see the notes)')).toBeTruthy();
    const [left, notes] = within(alert).getAllByRole('list');
    expect(within(left!).getByRole('listitem').textContent).toBe(
      'order.xml Item “order”: <orderInteraction> is not imported; only choice and text-entry items are',
    );
    expect(within(notes!).getByRole('listitem').textContent).toBe(
      'text_entry.xml Item “textEntry”: Answers are compared without regard to case',
    );
    expect(within(alert).getByText('Not imported')).toBeTruthy();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('POST /question/v-rest/import-qti');
  });

  it('a package with nothing to import shows every item’s reason', async () => {
    stubApi({
      'POST /question/v-rest/import-qti': refused(
        400,
        'validation_failed',
        '1 of 1 items cannot be imported; nothing was imported',
        [{ path: 'order.xml', message: 'Item “order”: <orderInteraction> is not imported' }],
      ),
    });
    await importFile('package.zip');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('1 of 1 items cannot be imported; nothing was imported')).toBeTruthy();
    expect(within(alert).getByRole('listitem').textContent).toBe(
      'order.xml Item “order”: <orderInteraction> is not imported',
    );
  });
});
