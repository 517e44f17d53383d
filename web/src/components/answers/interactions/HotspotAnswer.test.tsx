import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LearnerQuestion } from '#contract/index';
import { learnerQuestion, picture, renderAnswer } from './testing.js';

/** Three provinces marked on a map of 1000 × 500 pixels. */
const provinces: LearnerQuestion['options'] = [
  { id: 'l', text: 'Limpopo', imageUrl: null, area: { shape: 'circle', x: 600, y: 80, r: 60 } },
  { id: 'g', text: 'Gauteng', imageUrl: null, area: { shape: 'rect', x: 520, y: 160, w: 60, h: 40 } },
  {
    id: 'w',
    text: '',
    imageUrl: null,
    area: {
      shape: 'poly',
      points: [
        [100, 300],
        [300, 300],
        [200, 450],
      ],
    },
  },
];
const hotspot = (maxChoices: number) => learnerQuestion('hotspot', { ...picture, options: provinces, maxChoices });
const area = (id: string) => screen.getByTestId(`area-${id}`);

describe('HotspotAnswer', () => {
  it('draws each area in the picture’s own pixels over the picture, scaled with it', () => {
    renderAnswer(hotspot(0));
    const img = screen.getByRole('img', { name: 'A map of South Africa' });
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1000', '500']);
    const svg = area('l').closest('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 1000 500');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(area('l').tagName.toLowerCase()).toBe('circle');
    expect([area('l').getAttribute('cx'), area('l').getAttribute('cy'), area('l').getAttribute('r')]).toEqual([
      '600',
      '80',
      '60',
    ]);
    expect(area('g').getAttribute('width')).toBe('60');
    expect(area('w').getAttribute('points')).toBe('100,300 300,300 200,450');
  });

  it('a click or tap on an area chooses it, another adds to it, a second click takes it away', async () => {
    const { user, last } = renderAnswer(hotspot(0));
    expect(screen.getByRole('group', { name: 'Choose every area that applies on the picture' })).toBeTruthy();
    await user.click(area('g'));
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['g'] });
    await user.click(area('l'));
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['g', 'l'] });
    // Marked not by colour alone: the list's box is ticked and the area's number gets a tick.
    expect((screen.getByRole('checkbox', { name: 'Area 2: Gauteng' }) as HTMLInputElement).checked).toBe(true);
    expect(area('g').getAttribute('class')).toMatch(/areaChosen/);
    expect(document.querySelector('[class*="badgeChosen"]')?.textContent).toBe('✓1');
    await user.click(area('g'));
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['l'] });
    expect(area('g').getAttribute('class')).not.toMatch(/areaChosen/);
  });

  it('one area to choose: the list is a radio group, and a new area replaces the one before', async () => {
    const { user, last } = renderAnswer(hotspot(1));
    const group = screen.getByRole('group', { name: 'Choose one area on the picture' });
    expect(group.getAttribute('aria-describedby')).toBe('prompt');
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    await user.click(area('l'));
    await user.click(area('w'));
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['w'] });
    expect((screen.getByRole('radio', { name: 'Area 3' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Area 1: Limpopo' }) as HTMLInputElement).checked).toBe(false);
  });

  it('up to two: a third is refused, and the status line says why', async () => {
    const { user, last, changes } = renderAnswer(hotspot(2));
    expect(screen.getByRole('group', { name: 'Choose up to 2 areas on the picture' })).toBeTruthy();
    await user.click(area('l'));
    await user.click(screen.getByRole('checkbox', { name: 'Area 2: Gauteng' }));
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['l', 'g'] });
    await user.click(area('w'));
    expect(changes).toHaveLength(2);
    expect((screen.getByRole('checkbox', { name: 'Area 3' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe(
      'You have chosen 2 areas, as many as this question allows. Take one away to choose another.',
    );
  });

  it('with the keyboard alone: Tab to the areas’ list, Space chooses, the focused area is outlined on the picture', async () => {
    const { user, last } = renderAnswer(hotspot(0));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Area 1: Limpopo' }));
    expect(area('l').getAttribute('class')).toMatch(/areaFocused/);
    await user.keyboard(' ');
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['l'] });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Area 2: Gauteng' }));
    expect(area('l').getAttribute('class')).not.toMatch(/areaFocused/);
    expect(area('g').getAttribute('class')).toMatch(/areaFocused/);
    await user.keyboard(' ');
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['l', 'g'] });
    await user.keyboard(' ');
    expect(last()).toEqual({ type: 'hotspot', optionIds: ['l'] });
    expect(screen.getByRole('status').textContent).toBe('Area 2: Gauteng taken away.');
  });

  it('shows the areas chosen before, and leaves out an id the question no longer has', () => {
    renderAnswer(hotspot(0), { type: 'hotspot', optionIds: ['w', 'gone'] });
    expect((screen.getByRole('checkbox', { name: 'Area 3' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked)).toHaveLength(1);
    // A tap on the area's number is a tap on the area.
    fireEvent.click(document.querySelector('[class*="badgeChosen"]')!);
    expect((screen.getByRole('checkbox', { name: 'Area 3' }) as HTMLInputElement).checked).toBe(false);
  });
});
