import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OlympiadResult, ProjectList, ProjectResult, ProjectsQuery } from '#contract/public';
import { olympiadNotFound, projectNotFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { contactFormRoutes } from './contact-routes.js';
import { pastRoutes } from './past-routes.js';
import { presentOlympiad, presentProject } from './present.js';
import * as queries from './queries.js';
import { watchRoutes } from './watch-routes.js';

const tags = ['public'];
const IdParams = z.strictObject({ id: z.string().trim().min(1).max(60) });

export async function publicRoutes(app: FastifyInstance): Promise<void> {
  route(app, {
    method: 'GET',
    url: '/olympus-suite/api/projects/',
    summary: 'The public projects, with their olympiads (showUpcoming=true: only those not yet over)',
    tags,
    access: 'public',
    query: ProjectsQuery,
    response: ProjectList,
    handler: async ({ db, query }) => {
      const projects = await queries.listProjects(db);
      const olympiads = await queries.olympiadsOf(
        db,
        projects.map((p) => p.id),
        query.showUpcoming === 'true',
      );
      return { success: true as const, items: projects.map((p) => presentProject(p, olympiads)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympus-suite/api/project/:id',
    summary: 'One project by id or projectName, with its olympiads',
    tags,
    access: 'public',
    params: IdParams,
    response: ProjectResult,
    handler: async ({ db, params }) => {
      const project = await queries.findProject(db, params.id);
      if (!project) throw projectNotFound();
      const olympiads = await queries.olympiadsOf(db, [project.id]);
      return { success: true as const, project: presentProject(project, olympiads) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/website/api/olympiad/:id',
    summary: 'An olympiad’s public data, by id or varName',
    tags,
    access: 'public',
    params: IdParams,
    response: OlympiadResult,
    handler: async ({ db, params }) => {
      const olympiad = await queries.publicOlympiad(db, params.id);
      if (!olympiad) throw olympiadNotFound();
      return { success: true as const, olympiad: presentOlympiad(olympiad) };
    },
  });

  await pastRoutes(app);
  await contactFormRoutes(app);
  await watchRoutes(app);
}
