/**
 * The scroll area props of a table that scrolls sideways on a phone (`Table.ScrollContainer`'s `scrollAreaProps`):
 * its viewport is a named region in the tab order, so that a keyboard can reach it and scroll it with the arrow
 * keys, and a screen reader says what it is on arriving (axe: scrollable-region-focusable). The one way to do it.
 */
export function scrollRegion(label: string) {
  return { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } };
}
