import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '#contract/ids';
import { Ok, pageOf } from '#contract/errors';
import {
  Project,
  ProjectInput,
  ProjectListQuery,
  ProjectSingleQuery,
  ProjectUpdate,
  SubProject,
  SubProjectInput,
  SubProjectListQuery,
  SubProjectUpdate,
} from '#contract/olympiads';
import type { Queryable } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { olympiads, projects, subProjects } from '../../db/schema/index.js';
import { conflict } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { readOne } from '../../http/single.js';
import { pageResult } from '../../platform/paging.js';
import { projectLoader, subProjectLoader } from './load.js';
import { projectsPolicy } from './policy.js';
import { presentProject, presentSubProject } from './present.js';
import * as queries from './queries.js';

const ProjectBody = z.object({ success: z.literal(true), project: Project });
const SubProjectBody = z.object({ success: z.literal(true), subProject: SubProject });
const nameTaken = (field: string, message: string) => conflict(message, [{ path: `body.${field}`, message }]);
const projectNameTaken = () => nameTaken('projectName', 'A project with this name already exists');
const subProjectNameTaken = () => nameTaken('name', 'This project already has a sub-project with this name');
const access = projectsPolicy.access.manage;

const projectAnswer = async (q: Queryable, id: number) => ({
  success: true as const,
  project: presentProject((await queries.findProject(q, id))!),
});
const subProjectAnswer = async (q: Queryable, id: number) => ({
  success: true as const,
  subProject: presentSubProject((await queries.findSubProject(q, id))!),
});

/** olympus-project/v-rest/ and olympus-sub-project/v-rest/: the overlord's projects. */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['projects'];

  route(app, {
    method: 'GET',
    url: '/olympus-project/v-rest/',
    summary: 'Projects, paged, searchable and sortable',
    tags,
    access,
    query: ProjectListQuery,
    response: pageOf(Project),
    handler: async ({ db, query }) => {
      const { items, total } = await queries.listProjects(db, query);
      return pageResult(items.map(presentProject), total, query);
    },
  });

  route(app, {
    method: 'GET',
    url: '/olympus-project/v-rest/single',
    summary: 'One project',
    tags,
    access,
    query: ProjectSingleQuery,
    response: ProjectBody,
    load: ({ db, actor, query }) => projectLoader.load(db, actor, query.projectId, 'manage'),
    handler: async ({ record }) => ({ success: true as const, project: presentProject(record) }),
  });

  route(app, {
    method: 'POST',
    url: '/olympus-project/v-rest/',
    summary: 'Create a project',
    tags,
    access,
    body: ProjectInput,
    response: ProjectBody,
    transaction: true,
    handler: async ({ db, body, audit }) => {
      try {
        const [row] = await db.insert(projects).values(body).returning({ id: projects.id });
        await audit('project.create', { entityId: row!.id, data: body });
        return await projectAnswer(db, row!.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw projectNameTaken();
        throw error;
      }
    },
  });

  route(app, {
    method: 'PUT',
    url: '/olympus-project/v-rest/:id',
    summary: 'Edit a project',
    tags,
    access,
    params: IdParams,
    body: ProjectUpdate,
    response: ProjectBody,
    transaction: true,
    load: ({ db, actor, params }) => projectLoader.load(db, actor, params.id, 'manage'),
    handler: async ({ db, params, body, audit }) => {
      try {
        await db
          .update(projects)
          .set({ ...body, updatedAt: new Date() })
          .where(eq(projects.id, params.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw projectNameTaken();
        throw error;
      }
      await audit('project.update', { entityId: params.id, data: body });
      return projectAnswer(db, params.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/olympus-project/v-rest/:id',
    summary: 'Delete a project that has no olympiads',
    tags,
    access,
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => projectLoader.load(db, actor, params.id, 'manage'),
    handler: async ({ db, params, record: project, audit }) => {
      if (project.olympiadCount > 0) throw conflict('This project has olympiads; delete or move them first');
      try {
        await db.delete(projects).where(eq(projects.id, params.id));
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('This project is still in use');
        throw error;
      }
      await audit('project.delete', { entityId: params.id, data: { projectName: project.projectName } });
      return { success: true as const, message: 'The project was deleted' };
    },
  });

  // ---------------------------------------------------------------- sub-projects
  const subTags = ['sub-projects'];

  route(app, {
    method: 'GET',
    url: '/olympus-sub-project/v-rest/',
    summary: 'Sub-projects, paged (projectId filters)',
    tags: subTags,
    access,
    query: SubProjectListQuery,
    response: pageOf(SubProject),
    handler: async ({ db, query }) => {
      const { items, total } = await queries.listSubProjects(db, query);
      return pageResult(items.map(presentSubProject), total, query);
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympus-sub-project/v-rest/',
    summary: 'Create a sub-project',
    tags: subTags,
    access,
    body: SubProjectInput,
    response: SubProjectBody,
    transaction: true,
    handler: async ({ db, body, audit }) => {
      if (!(await queries.findProject(db, body.projectId))) {
        throw conflict('Choose an existing project', [
          { path: 'body.projectId', message: 'This project does not exist' },
        ]);
      }
      try {
        const [row] = await db.insert(subProjects).values(body).returning({ id: subProjects.id });
        await audit('sub-project.create', { entityId: row!.id, data: body });
        return await subProjectAnswer(db, row!.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw subProjectNameTaken();
        throw error;
      }
    },
  });

  readOne(
    app,
    '/olympus-sub-project/v-rest/',
    'subProjectId',
    {
      summary: 'One sub-project',
      tags: subTags,
      access,
      response: SubProjectBody,
      load: ({ db, actor, params }) => subProjectLoader.load(db, actor, params.id, 'manage'),
      handler: async ({ db, params }) => subProjectAnswer(db, params.id),
    },
    { byId: false },
  );

  route(app, {
    method: 'PUT',
    url: '/olympus-sub-project/v-rest/:id',
    summary: 'Edit a sub-project',
    tags: subTags,
    access,
    params: IdParams,
    body: SubProjectUpdate,
    response: SubProjectBody,
    transaction: true,
    load: ({ db, actor, params }) => subProjectLoader.load(db, actor, params.id, 'manage'),
    handler: async ({ db, params, body, audit }) => {
      try {
        await db.update(subProjects).set(body).where(eq(subProjects.id, params.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw subProjectNameTaken();
        throw error;
      }
      await audit('sub-project.update', { entityId: params.id, data: body });
      return subProjectAnswer(db, params.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/olympus-sub-project/v-rest/:id',
    summary: 'Delete a sub-project (its olympiads stay, unassigned)',
    tags: subTags,
    access,
    params: IdParams,
    response: Ok,
    transaction: true,
    load: ({ db, actor, params }) => subProjectLoader.load(db, actor, params.id, 'manage'),
    handler: async ({ db, params, record: sub, audit }) => {
      await db.update(olympiads).set({ subProjectId: null }).where(eq(olympiads.subProjectId, params.id));
      await db.delete(subProjects).where(eq(subProjects.id, params.id));
      await audit('sub-project.delete', { entityId: params.id, data: { name: sub.name } });
      return { success: true as const, message: 'The sub-project was deleted' };
    },
  });
}
