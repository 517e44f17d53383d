import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParams } from '../../../contract/ids.js';
import { Ok, pageOf } from '../../../contract/errors.js';
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
} from '../../../contract/olympiads.js';
import { olympiads, projects, subProjects } from '../../db/schema/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { audit } from '../../platform/audit.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { olympiadsAccess } from './policy.js';
import { presentProject, presentSubProject } from './present.js';
import * as queries from './queries.js';

const ProjectBody = z.object({ success: z.literal(true), project: Project });
const SubProjectBody = z.object({ success: z.literal(true), subProject: SubProject });
const nameTaken = (field: string, message: string) => conflict(message, [{ path: `body.${field}`, message }]);

/** olympus-project/v-rest/ and olympus-sub-project/v-rest/: the overlord's projects. */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['projects'];
  const access = olympiadsAccess.manageProjects;

  route(app, {
    method: 'GET',
    url: '/olympus-project/v-rest/',
    summary: 'Projects, paged, searchable and sortable',
    tags,
    access,
    query: ProjectListQuery,
    response: pageOf(Project),
    handler: async ({ query }) => {
      const page = await queries.listProjects(app.db, query);
      return { success: true as const, ...page, items: page.items.map(presentProject) };
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
    handler: async ({ query }) => {
      const project = await queries.findProject(app.db, query.projectId);
      if (!project) throw notFound('This project');
      return { success: true as const, project: presentProject(project) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/olympus-project/v-rest/',
    summary: 'Create a project',
    tags,
    access,
    body: ProjectInput,
    response: ProjectBody,
    handler: async ({ actor, body, req }) => {
      try {
        const id = await app.db.transaction(async (tx) => {
          const [row] = await tx.insert(projects).values(body).returning({ id: projects.id });
          await audit(tx, actor, { action: 'create', entity: 'project', entityId: row!.id, data: body, ip: req.ip });
          return row!.id;
        });
        return { success: true as const, project: presentProject((await queries.findProject(app.db, id))!) };
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken('projectName', 'A project with this name already exists');
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
    handler: async ({ actor, params, body, req }) => {
      const before = await queries.findProject(app.db, params.id);
      if (!before) throw notFound('This project');
      try {
        await app.db.transaction(async (tx) => {
          await tx
            .update(projects)
            .set({ ...body, updatedAt: new Date() })
            .where(eq(projects.id, params.id));
          await audit(tx, actor, { action: 'update', entity: 'project', entityId: params.id, data: body, ip: req.ip });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken('projectName', 'A project with this name already exists');
        throw error;
      }
      return { success: true as const, project: presentProject((await queries.findProject(app.db, params.id))!) };
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
    handler: async ({ actor, params, req }) => {
      const project = await queries.findProject(app.db, params.id);
      if (!project) throw notFound('This project');
      if (project.olympiadCount > 0) throw conflict('This project has olympiads; delete or move them first');
      try {
        await app.db.transaction(async (tx) => {
          await tx.delete(projects).where(eq(projects.id, params.id));
          await audit(tx, actor, {
            action: 'delete',
            entity: 'project',
            entityId: params.id,
            data: { projectName: project.projectName },
            ip: req.ip,
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('This project is still in use');
        throw error;
      }
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
    handler: async ({ query }) => {
      const page = await queries.listSubProjects(app.db, query);
      return { success: true as const, ...page, items: page.items.map(presentSubProject) };
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
    handler: async ({ actor, body, req }) => {
      if (!(await queries.findProject(app.db, body.projectId))) {
        throw conflict('Choose an existing project', [
          { path: 'body.projectId', message: 'This project does not exist' },
        ]);
      }
      try {
        const id = await app.db.transaction(async (tx) => {
          const [row] = await tx.insert(subProjects).values(body).returning({ id: subProjects.id });
          await audit(tx, actor, {
            action: 'create',
            entity: 'sub_project',
            entityId: row!.id,
            data: body,
            ip: req.ip,
          });
          return row!.id;
        });
        return { success: true as const, subProject: presentSubProject((await queries.findSubProject(app.db, id))!) };
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken('name', 'This project already has a sub-project with this name');
        throw error;
      }
    },
  });

  route(app, {
    method: 'PUT',
    url: '/olympus-sub-project/v-rest/:id',
    summary: 'Edit a sub-project',
    tags: subTags,
    access,
    params: IdParams,
    body: SubProjectUpdate,
    response: SubProjectBody,
    handler: async ({ actor, params, body, req }) => {
      if (!(await queries.findSubProject(app.db, params.id))) throw notFound('This sub-project');
      try {
        await app.db.transaction(async (tx) => {
          await tx.update(subProjects).set(body).where(eq(subProjects.id, params.id));
          await audit(tx, actor, {
            action: 'update',
            entity: 'sub_project',
            entityId: params.id,
            data: body,
            ip: req.ip,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken('name', 'This project already has a sub-project with this name');
        throw error;
      }
      return {
        success: true as const,
        subProject: presentSubProject((await queries.findSubProject(app.db, params.id))!),
      };
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
    handler: async ({ actor, params, req }) => {
      const sub = await queries.findSubProject(app.db, params.id);
      if (!sub) throw notFound('This sub-project');
      await app.db.transaction(async (tx) => {
        await tx.update(olympiads).set({ subProjectId: null }).where(eq(olympiads.subProjectId, params.id));
        await tx.delete(subProjects).where(eq(subProjects.id, params.id));
        await audit(tx, actor, {
          action: 'delete',
          entity: 'sub_project',
          entityId: params.id,
          data: { name: sub.name },
          ip: req.ip,
        });
      });
      return { success: true as const, message: 'The sub-project was deleted' };
    },
  });
}
