import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Ok, pageOf } from '#contract/errors';
import { UsefulContact } from '#contract/mail';
import { ok, refused, stubApi, type SentRequest } from '../../../test/api.js';
import { geo2026, routeOlympiad } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { ContactsPage } from './ContactsPage.js';

/**
 * A staff list page end to end, with only the network stubbed: the paged list (PagedTable) asks the server, a
 * delete goes through the confirmation (Confirm), and the editor (ContactForm, useSchemaForm) checks the contract's
 * schema before sending and puts the server's field errors on their fields.
 */

const ContactSaved = z.object({ success: z.literal(true), contact: UsefulContact });
const PATH = '/geo-2026/admin/edit/interested-and-affected-parties';
const ROUTE = '/:olympiadName/admin/edit/interested-and-affected-parties';
const LIST = 'GET /useful-contact/v-rest/';

function contact(id: number, name: string, extra: Partial<UsefulContact> = {}): UsefulContact {
  return {
    id,
    olympiadId: geo2026.id,
    name,
    organisation: null,
    role: null,
    email: null,
    phone: null,
    notes: null,
    suppressed: false,
    updatedAt: '2026-02-01T08:00:00.000Z',
    can: { update: true, delete: true },
    ...extra,
  };
}

/** The server's contacts: the list answers what is left of them. */
function server(initial: UsefulContact[]) {
  let contacts = [...initial];
  const ContactPage = pageOf(UsefulContact);
  return {
    remove: (id: number) => (contacts = contacts.filter((c) => c.id !== id)),
    list: (request: SentRequest) =>
      ok(ContactPage, {
        success: true,
        items: contacts.filter((c) => c.name.includes(request.query.get('search') ?? '')),
        total: contacts.length,
        page: Number(request.query.get('page')),
        pageSize: Number(request.query.get('pageSize')),
      }),
  };
}

const thandi = contact(5, 'Thandi Nkosi', {
  organisation: 'Department of Education',
  email: 'thandi@example.org',
  phone: '+27 12 345 6789',
});
const pieter = contact(6, 'Pieter Botha', { email: 'pieter@example.org', suppressed: true });

const show = () => renderWithApp(<ContactsPage />, { path: PATH, route: ROUTE });
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;

describe('ContactsPage', () => {
  it("lists the olympiad's contacts, asked for by olympiad, page and sort", async () => {
    const db = server([thandi, pieter]);
    const sent = stubApi({ ...routeOlympiad, [LIST]: db.list });
    show();
    expect(await screen.findByRole('cell', { name: 'Thandi Nkosi' })).toBeTruthy();
    const asked = sent.find((r) => r.path === '/useful-contact/v-rest/')!;
    expect(Object.fromEntries(asked.query)).toEqual({
      olympiadId: '3',
      page: '1',
      pageSize: '25',
      sort: 'name',
      order: 'asc',
    });
    expect(within(rowOf('Thandi Nkosi')).getByRole('link', { name: 'thandi@example.org' }).getAttribute('href')).toBe(
      'mailto:thandi@example.org',
    );
    expect(within(rowOf('Thandi Nkosi')).getByRole('link', { name: '+27 12 345 6789' }).getAttribute('href')).toBe(
      'tel:+27123456789',
    );
    expect(within(rowOf('Pieter Botha')).getByText('No mass mail')).toBeTruthy();
    expect(screen.getByText('2 in all')).toBeTruthy();
  });

  it('a delete asks first, names the contact, and Cancel sends nothing', async () => {
    const sent = stubApi({ ...routeOlympiad, [LIST]: server([thandi, pieter]).list });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Delete Thandi Nkosi' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this contact?' });
    expect(within(dialog).getByText(/will be removed/).textContent).toBe(
      'Thandi Nkosi (Department of Education) will be removed from this olympiad’s contacts and from the audience “Useful contacts”.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('cell', { name: 'Thandi Nkosi' })).toBeTruthy();
  });

  it('confirmed: deletes that contact, says so, and the list is asked again without it', async () => {
    const db = server([thandi, pieter]);
    const sent = stubApi({
      ...routeOlympiad,
      [LIST]: db.list,
      'DELETE /useful-contact/v-rest/5': () => {
        db.remove(5);
        return ok(Ok, { success: true });
      },
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Delete Thandi Nkosi' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Thandi Nkosi' })).toBeNull());
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/useful-contact/v-rest/5']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Deleted')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Pieter Botha' })).toBeTruthy();
    expect(screen.getByText('1 in all')).toBeTruthy();
  });

  it("refused: the server's reason is shown, the dialog stays open and the contact stays listed", async () => {
    stubApi({
      ...routeOlympiad,
      [LIST]: server([thandi]).list,
      'DELETE /useful-contact/v-rest/5': refused(403, 'forbidden', 'Only the olympiad’s admins may delete contacts.'),
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Delete Thandi Nkosi' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Only the olympiad’s admins may delete contacts.')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Delete this contact?' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Thandi Nkosi' })).toBeTruthy();
  });

  it('a contact the person may not change has no buttons: "View only"', async () => {
    stubApi({
      ...routeOlympiad,
      [LIST]: server([contact(9, 'Read Only', { can: { update: false, delete: false } })]).list,
    });
    show();
    expect(await screen.findByText('View only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Read Only/ })).toBeNull();
  });

  it("the form checks the contract's rules before sending: the error is on its field, with the keyboard there", async () => {
    const sent = stubApi({ ...routeOlympiad, [LIST]: server([]).list });
    const { user } = show();
    await screen.findByText('0 in all');
    await user.click(screen.getByRole('button', { name: 'New contact' }));
    const form = screen.getByRole('form', { name: 'New contact' });
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Save contact' }));

    const name = within(form).getByRole('textbox', { name: /^Name/ });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Enter the contact’s name')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("the server's field errors (400 details) land on their fields; a good save closes the form and says so", async () => {
    const db = server([]);
    let answer = refused(400, 'validation_failed', 'Some fields need attention.', [
      { path: 'body.email', message: 'This address bounced: check it' },
    ]);
    const sent = stubApi({
      ...routeOlympiad,
      [LIST]: db.list,
      'POST /useful-contact/v-rest/': () => answer,
    });
    const { user } = show();
    await screen.findByText('0 in all');
    await user.click(screen.getByRole('button', { name: 'New contact' }));
    const form = screen.getByRole('form', { name: 'New contact' });
    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Sipho Dlamini');
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'sipho@example.org');
    await user.click(within(form).getByRole('button', { name: 'Save contact' }));

    const email = within(form).getByRole('textbox', { name: 'Email' });
    expect(await within(form).findByText('This address bounced: check it')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toContain('Some fields need attention.');
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.body).toMatchObject({ olympiadId: 3, name: 'Sipho Dlamini', email: 'sipho@example.org' });

    answer = ok(ContactSaved, {
      success: true,
      contact: { ...contact(12, 'Sipho Dlamini'), email: 'sipho@example.org' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New contact' })).toBeNull());
    expect(screen.getByText('Sipho Dlamini is saved')).toBeTruthy();
  });
});
