import { Badge, Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mantineStyles } from '../test/mantine-css.js';
import { renderWithApp } from '../test/render.js';

/** A status badge reads in full wherever it stands: the theme undoes Mantine's ellipsis (app/theme.ts). */
describe('Badge, as the theme draws it', () => {
  it('keeps its whole label in a narrow table column: no ellipsis, no clipping, at least as wide as its words', () => {
    mantineStyles('Badge', 'Table');
    renderWithApp(
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td style={{ width: 1 }}>
              <Badge color="yellow" variant="light">
                Pending
              </Badge>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
    const label = screen.getByText('Pending');
    const root = label.closest('.mantine-Badge-root');
    if (!(root instanceof HTMLElement)) throw new Error('no badge root');
    expect(label.textContent).toBe('Pending');
    for (const element of [label, root]) {
      const style = getComputedStyle(element);
      expect(style.textOverflow).not.toBe('ellipsis');
      expect(style.overflow).not.toBe('hidden');
    }
    expect(getComputedStyle(root).minWidth).toBe('max-content');
    expect(getComputedStyle(root).flexShrink).toBe('0');
  });
});
