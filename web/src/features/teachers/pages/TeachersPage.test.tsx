import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionsEnded } from '#contract/sessions';
import { type Teacher, TeacherPage } from '#contract/teachers';
import { ok, stubApi, type SentRequest } from '../../../test/api.js';
import { mantineStyles } from '../../../test/mantine-css.js';
import { routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { TeachersPage } from './TeachersPage.js';

/**
 * The teachers table fits a 1280 px screen beside the sidebar: four columns, the email and username under the
 * name, and each account's state in a badge that reads in full.
 */

const teacher = (id: number, lastName: string, state: Partial<Teacher> = {}): Teacher => ({
  id,
  username: `t${id}`,
  firstName: 'Naledi',
  lastName,
  email: `naledi.${lastName.toLowerCase()}@waterkloof-high.example.org`,
  phone: null,
  schoolId: 40,
  schoolName: 'Hoërskool Waterkloof',
  emailVerified: true,
  hasPassword: true,
  disabled: false,
  can: { update: true, disable: true, mail: true },
  ...state,
});

const list = (teachers: Teacher[]) => (request: SentRequest) =>
  ok(TeacherPage, {
    success: true,
    items: teachers,
    total: teachers.length,
    page: Number(request.query.get('page')),
    pageSize: Number(request.query.get('pageSize')),
    can: { create: true },
  });

const show = () =>
  renderWithApp(<TeachersPage />, {
    path: '/geo-2026/admin/edit/teachers',
    route: '/:olympiadName/admin/edit/teachers',
  });

describe('TeachersPage: the table', () => {
  it('has four columns, the email and username under the name', async () => {
    stubApi({ ...routeOlympiad, 'GET /teacher/v-rest/': list([teacher(1, 'Mokoena')]) });
    show();
    const table = await screen.findByRole('table', { name: 'Teachers' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[▲▼↕]|, sort/g, '').trim());
    expect(headings).toEqual(['Teacher', 'School', 'Account', 'Actions']);
    const row = await within(table).findByRole('row', { name: /Naledi Mokoena/ });
    const nameCell = within(row).getAllByRole('cell')[0]!;
    expect(nameCell.textContent).toContain('naledi.mokoena@waterkloof-high.example.org');
    expect(nameCell.textContent).toContain('t1');
  });

  it('shows each account’s state in full, never cut with an ellipsis', async () => {
    mantineStyles('Badge', 'Table');
    stubApi({
      ...routeOlympiad,
      'GET /teacher/v-rest/': list([
        teacher(1, 'Active'),
        teacher(2, 'Nopassword', { hasPassword: false }),
        teacher(3, 'Unverified', { emailVerified: false }),
        teacher(4, 'Gone', { disabled: true }),
      ]),
    });
    show();
    const table = await screen.findByRole('table', { name: 'Teachers' });
    for (const [surname, state] of [
      ['Active', 'Active'],
      ['Nopassword', 'No password yet'],
      ['Unverified', 'Not verified'],
      ['Gone', 'Disabled'],
    ] as const) {
      const row = await within(table).findByRole('row', { name: new RegExp(`Naledi ${surname}`) });
      const label = within(row).getByText(state, { exact: true });
      const badge = label.closest('.mantine-Badge-root');
      if (!(badge instanceof HTMLElement)) throw new Error(`no badge for ${state}`);
      expect(getComputedStyle(label).textOverflow, state).not.toBe('ellipsis');
      expect(getComputedStyle(badge).textOverflow, state).not.toBe('ellipsis');
      expect(getComputedStyle(badge).minWidth, state).toBe('max-content');
    }
  });
});

describe('TeachersPage: signing a teacher out everywhere', () => {
  it('asks first, naming the teacher; confirmed, ends their sessions and keeps the account', async () => {
    const sent = stubApi({
      ...routeOlympiad,
      'GET /teacher/v-rest/': list([teacher(7, 'Mokoena')]),
      'POST /teacher/v-rest/7/end-sessions': ok(SessionsEnded, {
        success: true,
        message: 'Naledi Mokoena is signed out everywhere',
        ended: 2,
      }),
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Sign out Naledi Mokoena everywhere' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign this teacher out everywhere?' });
    expect(dialog.textContent).toContain('Naledi Mokoena');
    const ends = () => sent.filter((r) => r.method === 'POST');
    expect(ends()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ends().map((r) => r.path)).toEqual(['/teacher/v-rest/7/end-sessions']);
    expect(sent.some((r) => r.path.endsWith('/disable'))).toBe(false);
  });
});
