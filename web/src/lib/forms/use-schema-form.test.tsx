import { Button, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { renderWithApp } from '../../test/render.js';
import { useSchemaForm, type SchemaForm } from './use-schema-form.js';

/**
 * The one way to define a form: the contract's schema checked before sending, with its errors on the fields a
 * person sees (also when the form holds a value differently from the input, `toInput` and `fieldOf`), and the
 * server's field errors (a 400's `details`) put on the same fields.
 */

/** What the server takes: a school's name and its learners' fee in cents. */
const SchoolInput = z.strictObject({
  name: z.string().trim().min(2, 'Enter the school’s name'),
  feeCents: z.number('Enter a fee like 35.00').int().min(0, 'A fee is not negative'),
});
type SchoolInput = z.infer<typeof SchoolInput>;
interface Values extends Record<string, unknown> {
  name: string;
  /** The fee as typed, in rand. */
  fee: string;
}

type Form = SchemaForm<Values, SchoolInput>;

/** The form; `onSave` is given what it would send, and the form (to put a refusal's field errors on). */
function SchoolForm({ onSave, blur = false }: { onSave: (input: SchoolInput, form: Form) => void; blur?: boolean }) {
  const form = useSchemaForm<Values, SchoolInput>({
    schema: SchoolInput,
    mode: 'controlled',
    validateInputOnBlur: blur,
    initialValues: { name: '', fee: '' },
    toInput: ({ name, fee }) => ({ name, feeCents: fee.trim() === '' ? Number.NaN : Math.round(Number(fee) * 100) }),
    fieldOf: { feeCents: 'fee' },
  });
  return (
    <form onSubmit={form.onSubmit((input) => onSave(input, form))} noValidate aria-label="School">
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Fee (R)" {...form.getInputProps('fee')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const errorOf = (name: string) =>
  document.getElementById(
    input(name)
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error')) ?? '',
  )?.textContent ?? null;

describe('useSchemaForm', () => {
  it("checks the schema before sending: each error on its field, the input's name mapped to the form's", async () => {
    const onSave = vi.fn();
    const { user } = renderWithApp(<SchoolForm onSave={onSave} />);
    await user.type(input('Fee (R)'), '-3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(errorOf('Name')).toBe('Enter the school’s name');
    // The schema says feeCents; the person sees the field "Fee (R)".
    expect(errorOf('Fee (R)')).toBe('A fee is not negative');
    expect(input('Fee (R)').getAttribute('aria-invalid')).toBe('true');
    // The keyboard goes to the first field that is wrong.
    await waitFor(() => expect(document.activeElement).toBe(input('Name')));
  });

  it('hands over the values as the server takes them', async () => {
    const onSave = vi.fn();
    const { user } = renderWithApp(<SchoolForm onSave={onSave} />);
    await user.type(input('Name'), 'Soweto High');
    await user.type(input('Fee (R)'), '35.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0]).toEqual({ name: 'Soweto High', feeCents: 3550 });
  });

  it("puts a 400's field errors on their fields (body. dropped, names mapped) and says whether all found one", async () => {
    let placed: boolean | null = null;
    // As a page does it: the write is refused, and `onError: form.setServerErrors`.
    const refuse = (_input: SchoolInput, form: Form) =>
      (placed = form.setServerErrors(
        new ApiError('Some fields need attention.', 400, 'validation_failed', [
          { path: 'body.name', message: 'A school of this name exists in Soweto' },
          { path: 'body.feeCents', message: 'The fee of this olympiad is fixed' },
        ]),
      ));
    const { user } = renderWithApp(<SchoolForm onSave={refuse} />);
    await user.type(input('Name'), 'Soweto High');
    await user.type(input('Fee (R)'), '35');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(placed).toBe(true);
    expect(errorOf('Name')).toBe('A school of this name exists in Soweto');
    expect(errorOf('Fee (R)')).toBe('The fee of this olympiad is fixed');
    // The keyboard goes to the first of them.
    await waitFor(() => expect(document.activeElement).toBe(input('Name')));
  });

  it('a field error for a field the form does not have is not lost: setServerErrors answers false', async () => {
    const answers: boolean[] = [];
    const refuse = (_input: SchoolInput, form: Form) => {
      answers.push(
        form.setServerErrors(
          new ApiError('Some fields need attention.', 400, 'validation_failed', [
            { path: 'query.olympiadId', message: 'This olympiad is closed' },
          ]),
        ),
      );
      // An error without details (a 409, a lost connection) is no field's either.
      answers.push(form.setServerErrors(new ApiError('Conflict', 409, 'conflict')));
      answers.push(form.setServerErrors(new Error('offline')));
    };
    const { user } = renderWithApp(<SchoolForm onSave={refuse} />);
    await user.type(input('Name'), 'Soweto High');
    await user.type(input('Fee (R)'), '35');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(answers).toEqual([false, false, false]);
    expect(errorOf('Name')).toBeNull();
    expect(errorOf('Fee (R)')).toBeNull();
  });

  it('leaving a field for the Save button does not draw its error first (which moved the button from under the pointer)', async () => {
    const onSave = vi.fn();
    const { user } = renderWithApp(<SchoolForm onSave={onSave} blur />);
    // Leaving a field for another field checks it at once.
    await user.click(input('Name'));
    await user.click(input('Fee (R)'));
    expect(errorOf('Name')).toBe('Enter the school’s name');
    await user.type(input('Name'), 'Soweto High');
    expect(errorOf('Name')).toBeNull();
    // Leaving "Fee (R)" (empty, so wrong) by pressing Save: no error drawn on the blur; the submit checks it.
    await user.click(input('Fee (R)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorOf('Fee (R)')).toBe('Enter a fee like 35.00');
    expect(onSave).not.toHaveBeenCalled();
  });
});
