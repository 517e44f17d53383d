import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.js';
import { ChangeDiff } from './ChangeDiff.js';

/** A change's before and after scrolls sideways on a phone: a named region a keyboard reaches. */

describe('ChangeDiff', () => {
  it('is a named region in the tab order around its table', () => {
    renderWithApp(<ChangeDiff before={{ name: 'Old school' }} after={{ name: 'New school' }} />);
    const region = screen.getByRole('region', { name: 'Before and after' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table', { name: 'Before and after' })).toBeTruthy();
  });
});
