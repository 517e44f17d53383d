import { describe, expect, it } from 'vitest';
import { webPageRoots } from '#contract/paths';
import { appRoutes, staffAreaRedirects } from './routes.js';
import { pageTitles } from './shell/page-titles.js';

/**
 * The server answers JSON, never the app, under an API prefix; it learns which first segments are the
 * app's own pages from `webPageRoots`. Every fixed first segment of the route table must be listed there.
 */
describe('the web app’s top-level pages', () => {
  it('are all named in webPageRoots', () => {
    const roots = new Set(
      [...appRoutes, ...staffAreaRedirects]
        .map((r) => r.path.split('/').filter(Boolean)[0])
        .filter((first): first is string => !!first && !first.startsWith(':') && first !== '*'),
    );
    expect(roots.size).toBeGreaterThan(0);
    for (const root of roots) expect(webPageRoots as readonly string[], root).toContain(root);
  });
});

describe('the pages a learner, teacher or visitor meets', () => {
  it('are each named in both languages in the document title', () => {
    const theirs = appRoutes.filter((r) => ['learner', 'portal', 'site', 'plain'].includes(r.layout));
    expect(theirs.length).toBeGreaterThan(30);
    expect(theirs.filter((r) => !pageTitles[r.id]).map((r) => r.id)).toEqual([]);
  });
});

describe('the admin navigation', () => {
  it('links an olympiad’s background jobs under Reports, for its admins', () => {
    const jobs = appRoutes.find((r) => r.id === 'admin.reports.jobs');
    expect(jobs).toMatchObject({
      path: '/:olympiadName/admin/reports/jobs',
      layout: 'main',
      section: 'admin',
      nav: 'Reports',
      title: 'Background jobs',
      access: ['admin'],
    });
  });
});
