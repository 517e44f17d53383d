/** Public data that several features show (the sign-in page and the public pages). */
export { fetchProjects, projectsQuery, useProjects } from './projects.js';
export { fetchProject, projectQuery, useProject } from './project.js';
export { fetchPublicOlympiad, publicOlympiadQuery, usePublicOlympiad } from './olympiad.js';
