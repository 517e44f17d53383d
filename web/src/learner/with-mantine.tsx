import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { cssVariablesResolver, theme } from '../app/theme.js';

/**
 * The sitting pages before and after the questions (instructions, declaration, PIN, details, finished)
 * still use Mantine's inputs. They get it here, loaded with the page itself: the question page, the one
 * a learner opens most and on the worst connection, never loads Mantine (decision 016).
 */
export function withMantine(Page: ComponentType): ComponentType {
  return function WithMantine() {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Page />
      </MantineProvider>
    );
  };
}
