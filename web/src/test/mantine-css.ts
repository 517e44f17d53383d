import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach } from 'vitest';

const require = createRequire(import.meta.url);

/**
 * Mantine's own stylesheet of the components named (`Badge`, `Table`), put in the page for this test: the
 * components' classes then carry their real rules, so that `getComputedStyle` says what a browser would draw (a
 * label cut with an ellipsis, say). The page has no CSS otherwise. Removed after the test.
 */
export function mantineStyles(...components: string[]): void {
  for (const component of components) {
    const style = document.createElement('style');
    style.dataset.mantineTest = component;
    style.textContent = readFileSync(require.resolve(`@mantine/core/styles/${component}.css`), 'utf8');
    document.head.append(style);
  }
}

afterEach(() => {
  for (const style of document.head.querySelectorAll('style[data-mantine-test]')) style.remove();
});
