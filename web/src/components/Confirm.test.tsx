import { screen, within, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.js';
import { Confirm } from './Confirm.js';

/** The question before a delete: nothing happens until the person says yes; Cancel, Escape and × do nothing. */

function Page({ onDelete, loading = false }: { onDelete: () => void; loading?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Soweto High
      </button>
      <Confirm
        opened={open}
        title="Delete this school?"
        confirmLabel="Delete"
        color="red"
        loading={loading}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          onDelete();
          setOpen(false);
        }}
      >
        <b>Soweto High</b> and its learners are removed.
      </Confirm>
    </>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Delete this school?' });

describe('Confirm', () => {
  it('is closed until asked; then a dialog named by its question, saying what will go', async () => {
    const { user } = renderWithApp(<Page onDelete={vi.fn()} />);
    expect(dialog()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Soweto High' }));
    expect(dialog()).toBeTruthy();
    expect(dialog()!.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog()!).getByText(/and its learners are removed/).textContent).toBe(
      'Soweto High and its learners are removed.',
    );
  });

  it('Cancel closes it and deletes nothing', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithApp(<Page onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete Soweto High' }));
    await user.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
    expect(dialog()).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('Escape and the close button (named "Close") close it and delete nothing', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithApp(<Page onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete Soweto High' }));
    await user.keyboard('{Escape}');
    expect(dialog()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Soweto High' }));
    await user.click(within(dialog()!).getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('the confirm button does it, once', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithApp(<Page onDelete={onDelete} />);
    await user.click(screen.getByRole('button', { name: 'Delete Soweto High' }));
    await user.click(within(dialog()!).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it('the keyboard starts inside the dialog, and Tab reaches Cancel before the delete', async () => {
    const { user } = renderWithApp(<Page onDelete={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete Soweto High' }));
    const inside = dialog()!;
    await waitFor(() => expect(inside.contains(document.activeElement)).toBe(true));
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      order.push(document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label') || '');
      await user.tab();
      expect(inside.contains(document.activeElement)).toBe(true);
    }
    // The dialog's close button, then Cancel, then the delete: the safe choices come first.
    expect(order).toEqual(['Close', 'Cancel', 'Delete']);
  });

  it('while the delete runs, its button shows it is busy and cannot be pressed again', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithApp(<Page onDelete={onDelete} loading />);
    await user.click(screen.getByRole('button', { name: 'Delete Soweto High' }));
    const button = within(dialog()!).getByRole('button', { name: /Delete/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('data-loading')).toBe('true');
    await user.click(button);
    expect(onDelete).not.toHaveBeenCalled();
  });
});
