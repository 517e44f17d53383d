import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PublicWebsiteCopy } from '#contract/copy';
import { ProjectResult } from '#contract/public';
import { ok, stubApi } from '../../../test/api.js';
import { mantineStyles } from '../../../test/mantine-css.js';
import { geo2026 } from '../../../test/olympiad.js';
import { renderWithApp } from '../../../test/render.js';
import { publicRoutes } from '../routes.js';
import { ProjectAboutPage, ProjectContactPage, ProjectRulesPage } from './ProjectPage.js';

/**
 * A project page its organisers have not written yet points to the FAQ in a sentence: that link is underlined, not
 * told from the words around it by colour alone (WCAG 1.4.1; axe: link-in-text-block).
 */

const project = {
  id: 1,
  projectName: 'geo',
  title: 'Geography Olympiad',
  seoTitle: 'Geography Olympiad',
  shareTitle: 'Geography Olympiad',
  description: 'For South African schools.',
  keywords: 'geography',
  olympiads: [geo2026],
};

const pages = [
  ['about', ProjectAboutPage],
  ['participation-and-rules', ProjectRulesPage],
  ['contact', ProjectContactPage],
] as const;

describe('Project copy pages not written yet', () => {
  for (const [section, Page] of pages) {
    it(`${section}: the FAQ link in the sentence is underlined`, async () => {
      mantineStyles('Anchor');
      stubApi({
        'GET /olympus-suite/api/project/geo': ok(ProjectResult, { success: true, project }),
        'GET /website/api/copy/geo': ok(PublicWebsiteCopy, {
          success: true,
          project: { id: 1, projectName: 'geo', title: 'Geography Olympiad' },
          copy: { home: '', about: '', 'participation-and-rules': '', contact: '' },
        }),
        // The contact page holds the contact form, which asks for nothing before it is sent.
      });
      // The page reads its own route-table entry (its title), as the app hands it over.
      const route = publicRoutes.find((r) => r.id === `public.project.${section}`)!;
      renderWithApp(<Page />, { path: `/geo/${section}`, route: route.path, handle: route });
      const link = await screen.findByRole('link', { name: 'Read the questions and answers' });
      expect(link.getAttribute('href')).toBe('/geo/faq');
      expect(getComputedStyle(link).textDecoration).toContain('underline');
    });
  }
});
