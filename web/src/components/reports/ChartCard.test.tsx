import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.js';
import { ChartCard } from './ChartCard.js';

/**
 * A chart's table scrolls sideways on a phone: shown, it is a named region a keyboard reaches (axe:
 * scrollable-region-focusable); hidden behind the chart, it is no tab stop.
 */

const card = (
  <ChartCard
    title="Starts per minute"
    empty="No learner has started yet."
    table={{
      columns: [{ header: 'Minute (SAST)' }, { header: 'Starts', numeric: true }],
      rows: [
        ['08:00', 12],
        ['08:01', 30],
      ],
    }}
  >
    <div>the chart</div>
  </ChartCard>
);

describe('ChartCard: the table behind the chart', () => {
  it('hidden behind the chart: read by a screen reader, but no tab stop', () => {
    const { container } = renderWithApp(card);
    expect(screen.getByRole('table', { name: 'Starts per minute' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Starts per minute, as a table' })).toBeNull();
    expect(container.querySelector('.mantine-ScrollArea-viewport[tabindex="0"]')).toBeNull();
  });

  it('shown: a named region in the tab order, which scrolls sideways with the keyboard', async () => {
    const { user } = renderWithApp(card);
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const region = screen.getByRole('region', { name: 'Starts per minute, as a table' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.querySelector('table')).toBe(screen.getByRole('table', { name: 'Starts per minute' }));
    // From the button just pressed ("Show as chart"), the next tab stop is the table's region.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show as chart' }));
    await user.tab();
    expect(document.activeElement).toBe(region);
  });
});
