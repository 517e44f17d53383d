import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Ok } from '#contract/errors';
import { AttachmentRow, listOf } from '#contract/mail';
import { ok, stubApi, type SentRequest } from '../../../test/api.js';
import { geo2026, routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { FileAttachmentsPage } from './FilesPages.js';

/** Deleting a mail attachment cannot be undone: it is asked about first, and said when it is done. */

const PATH = '/geo-2026/admin/file-attachments';
const ROUTE = '/:olympiadName/admin/file-attachments';
const LIST = 'GET /attachment/v-rest/';

const file = (id: number, filename: string): AttachmentRow => ({
  id,
  uploadId: id + 100,
  filename,
  contentType: 'application/pdf',
  size: 2048,
  olympiadId: geo2026.id,
  createdAt: '2026-02-01T08:00:00.000Z',
  can: { update: true, delete: true },
});

function server(initial: AttachmentRow[]) {
  let files = [...initial];
  return {
    remove: (id: number) => (files = files.filter((f) => f.id !== id)),
    list: (request: SentRequest) =>
      ok(listOf(AttachmentRow), {
        success: true,
        items: files,
        total: files.length,
        page: Number(request.query.get('page')),
        pageSize: Number(request.query.get('pageSize')),
      }),
  };
}

const show = () => renderWithApp(<FileAttachmentsPage />, { path: PATH, route: ROUTE });
const deletes = (sent: SentRequest[]) => sent.filter((r) => r.method === 'DELETE');

describe('FileAttachmentsPage: deleting a file', () => {
  it('asks first, naming the file; Cancel deletes nothing', async () => {
    const sent = stubApi({ ...routeOlympiad, [LIST]: server([file(3, 'Rules 2026.pdf')]).list });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Delete Rules 2026.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this file?' });
    expect(dialog.textContent).toContain(
      'Rules 2026.pdf will be deleted and no longer offered to mass mail. This cannot be undone.',
    );
    expect(deletes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes(sent)).toEqual([]);
    expect(screen.getByText('Rules 2026.pdf')).toBeTruthy();
  });

  it('confirmed: deletes that file with its upload, says so, and the list is asked again without it', async () => {
    const db = server([file(3, 'Rules 2026.pdf'), file(4, 'Map.png')]);
    const sent = stubApi({
      ...routeOlympiad,
      [LIST]: db.list,
      'DELETE /attachment/api/3': () => {
        db.remove(3);
        return ok(Ok, { success: true, message: 'Rules 2026.pdf is deleted' });
      },
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Delete Rules 2026.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Rules 2026.pdf' })).toBeNull());
    const [removed] = deletes(sent);
    expect(removed!.path).toBe('/attachment/api/3');
    expect(removed!.query.get('uploadId')).toBe('103');
    expect(await screen.findByText('Rules 2026.pdf is deleted')).toBeTruthy();
    expect(screen.getByText('Map.png')).toBeTruthy();
  });
});
