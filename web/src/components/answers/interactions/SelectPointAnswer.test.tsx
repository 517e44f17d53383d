import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { learnerQuestion, picture, renderAnswer } from './testing.js';

/** A select-point question on a picture of 1000 × 500 pixels. */
const selectPoint = learnerQuestion('select_point', picture);
const frame = () => screen.getByRole('application', { name: /^Picture: A map of South Africa\./ });

/** The picture as the browser lays it out: 400 × 200 CSS pixels, its top left corner at (10, 20). */
function laidOut(element: HTMLElement) {
  element.getBoundingClientRect = () =>
    ({ left: 10, top: 20, width: 400, height: 200, right: 410, bottom: 220, x: 10, y: 20 }) as DOMRect;
}

describe('SelectPointAnswer', () => {
  it('a click or tap puts the point where it landed, in the picture’s own pixels, and says where in words', async () => {
    const { user, last } = renderAnswer(selectPoint);
    laidOut(frame());
    expect(screen.getByText('No point placed yet.')).toBeTruthy();
    // 168 of 400 CSS pixels across is 42 %: 420 of the picture's 1000 pixels; 120 of 200 down is 60 %: 300 of 500.
    await user.pointer({ keys: '[MouseLeft]', target: frame(), coords: { clientX: 178, clientY: 140 } });
    expect(last()).toEqual({ type: 'select_point', point: { x: 420, y: 300 } });
    expect(screen.getByText('Your point: 42 % across, 60 % down.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Point placed 42 % across, 60 % down.');
    const marker = screen.getByTestId('marker');
    expect([marker.style.left, marker.style.top]).toEqual(['42%', '60%']);
    expect(frame().getAttribute('aria-label')).toBe(
      'Picture: A map of South Africa. Your point is 42 % across, 60 % down.',
    );

    // Another tap moves it.
    await user.pointer({ keys: '[MouseLeft]', target: frame(), coords: { clientX: 410, clientY: 220 } });
    expect(last()).toEqual({ type: 'select_point', point: { x: 1000, y: 500 } });
  });

  it('with the keyboard alone: focus the picture, the arrows move a cross (Shift: bigger steps), Enter places', async () => {
    const { user, last, changes } = renderAnswer(selectPoint);
    await user.tab();
    expect(document.activeElement).toBe(frame());
    expect(frame().getAttribute('aria-describedby')).toBeTruthy();
    // The cross starts in the middle.
    expect(screen.getByTestId('cross').style.left).toBe('50%');
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(changes).toEqual([]);
    expect([screen.getByTestId('cross').style.left, screen.getByTestId('cross').style.top]).toEqual(['52%', '60%']);
    expect(screen.getByRole('status').textContent).toBe(
      'Cross at 52 % across, 60 % down. Press Enter to place the point here.',
    );
    await user.keyboard('{Enter}');
    expect(last()).toEqual({ type: 'select_point', point: { x: 520, y: 300 } });
    expect(screen.getByRole('status').textContent).toBe('Point placed 52 % across, 60 % down.');
    // The cross stops at the picture's edge.
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift} ');
    expect(last()).toEqual({ type: 'select_point', point: { x: 0, y: 300 } });
  });

  it('"Clear the point" takes the answer away; it is there only when there is a point', async () => {
    const { user, last } = renderAnswer(selectPoint, { type: 'select_point', point: { x: 250, y: 125 } });
    expect(screen.getByText('Your point: 25 % across, 25 % down.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear the point' }));
    expect(last()).toEqual({ type: 'select_point', point: null });
    expect(screen.queryByTestId('marker')).toBeNull();
    expect((screen.getByRole('button', { name: 'Clear the point' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Point cleared.');
  });

  it('a question without its picture yet (the editor) says so instead of a blank', () => {
    renderAnswer(learnerQuestion('select_point'));
    expect(screen.getByText('This question has no picture yet.')).toBeTruthy();
  });
});
