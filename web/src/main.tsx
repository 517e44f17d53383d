import './lib/zod-config.js';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { pickLocale, prepareLocale } from './lib/i18n/index.js';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// The teacher portal, the sign-in pages and the public pages the app shows speak the person's chosen language; the
// staff back office stays English (decision 090). Loaded before the first render, so no page draws without words.
void prepareLocale(pickLocale(['en', 'af']), ['common', 'learner', 'sitting', 'public', 'portal', 'validation']).then(
  () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
);
