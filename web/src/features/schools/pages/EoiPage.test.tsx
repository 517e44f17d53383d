import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Ok, pageOf } from '#contract/errors';
import { Eoi } from '#contract/schools';
import { ok, stubApi, type SentRequest } from '../../../test/api.js';
import { geo2026, routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { EoiPage } from './EoiPage.js';

/** Deleting an expression of interest cannot be undone: it is asked about first, and said when it is done. */

const PATH = '/geo-2026/admin/eoi';
const ROUTE = '/:olympiadName/admin/eoi';
const LIST = 'GET /expression-of-interest/rest/';

const eoi = (id: number, schoolName: string): Eoi => ({
  id,
  olympiadId: geo2026.id,
  olympiadTitle: geo2026.title,
  schoolName,
  emisNumber: null,
  province: 'Gauteng',
  town: 'Pretoria',
  schoolPhone: null,
  teacherFirstName: 'Naledi',
  teacherLastName: 'Mokoena',
  teacherEmail: 'naledi@example.org',
  teacherPhone: null,
  learnerEstimate: 30,
  message: '',
  status: 'pending',
  processed: false,
  declined: false,
  declineReason: null,
  schoolId: null,
  teacherId: null,
  createdAt: '2026-02-01T08:00:00.000Z',
  handledAt: null,
  can: { process: true, createSchool: true, decline: true, delete: true },
});

function server(initial: Eoi[]) {
  let eois = [...initial];
  return {
    remove: (id: number) => (eois = eois.filter((e) => e.id !== id)),
    list: (request: SentRequest) =>
      ok(pageOf(Eoi), {
        success: true,
        items: eois,
        total: eois.length,
        page: Number(request.query.get('page')),
        pageSize: Number(request.query.get('pageSize')),
      }),
  };
}

const show = () => renderWithApp(<EoiPage />, { path: PATH, route: ROUTE });
const deletes = (sent: SentRequest[]) => sent.filter((r) => r.method === 'DELETE');

describe('EoiPage: deleting an expression of interest', () => {
  it('asks first, naming the school and its teacher; Cancel deletes nothing', async () => {
    const sent = stubApi({ ...routeOlympiad, [LIST]: server([eoi(7, 'Hoërskool Menlopark')]).list });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Delete the expression of Hoërskool Menlopark' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this expression of interest?' });
    expect(dialog.textContent).toContain(
      'The expression of Hoërskool Menlopark (Naledi Mokoena, naledi@example.org) will be deleted. This cannot be undone.',
    );
    expect(deletes(sent)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes(sent)).toEqual([]);
    expect(screen.getByText('Hoërskool Menlopark')).toBeTruthy();
  });

  it('confirmed: deletes that one, says so, and the list is asked again without it', async () => {
    const db = server([eoi(7, 'Hoërskool Menlopark'), eoi(8, 'Pretoria Boys High')]);
    const sent = stubApi({
      ...routeOlympiad,
      [LIST]: db.list,
      'DELETE /interest/rest/7': () => {
        db.remove(7);
        return ok(Ok, { success: true, message: 'The expression of interest is deleted' });
      },
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Delete the expression of Hoërskool Menlopark' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Hoërskool Menlopark')).toBeNull());
    expect(deletes(sent).map((r) => r.path)).toEqual(['/interest/rest/7']);
    expect(await screen.findByText('The expression of interest is deleted')).toBeTruthy();
    expect(screen.getByText('Pretoria Boys High')).toBeTruthy();
  });
});
