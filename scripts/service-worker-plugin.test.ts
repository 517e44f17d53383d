import { describe, expect, it } from 'vitest';
import { learnerFiles } from './service-worker-plugin.js';

/**
 * What the learner app's service worker keeps (decision 086): everything the learner entry can load, static and
 * lazy, and nothing of the staff app's or the public site's own, walked in Vite's manifest.
 */
describe('the learner files a service worker keeps', () => {
  const manifest = {
    'learner.html': {
      file: 'assets/learner-1.js',
      imports: ['_react-1.js'],
      dynamicImports: ['PaperPage.tsx'],
      css: ['assets/learner-1.css'],
    },
    'index.html': {
      file: 'assets/main-1.js',
      imports: ['_react-1.js', '_mantine-1.js'],
      dynamicImports: ['Staff.tsx'],
    },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_mantine-1.js': { file: 'assets/mantine-1.js', css: ['assets/mantine-1.css'] },
    'PaperPage.tsx': {
      file: 'assets/PaperPage-1.js',
      dynamicImports: ['FinishedPage.tsx'],
      assets: ['assets/map-1.svg'],
    },
    // The finished page loads Mantine too: shared with the staff app, and kept because the learner needs it.
    'FinishedPage.tsx': { file: 'assets/FinishedPage-1.js', imports: ['_mantine-1.js', 'PaperPage.tsx'] },
    'Staff.tsx': { file: 'assets/Staff-1.js' },
  };

  it('walks static and lazy imports from the learner entry, with their styles and assets, each once', () => {
    expect(learnerFiles(manifest, 'learner.html')).toEqual([
      'assets/FinishedPage-1.js',
      'assets/PaperPage-1.js',
      'assets/learner-1.css',
      'assets/learner-1.js',
      'assets/mantine-1.css',
      'assets/mantine-1.js',
      'assets/map-1.svg',
      'assets/react-1.js',
    ]);
  });

  it('keeps nothing that only the staff app loads', () => {
    const kept = learnerFiles(manifest, 'learner.html');
    expect(kept).not.toContain('assets/main-1.js');
    expect(kept).not.toContain('assets/Staff-1.js');
  });
});
