export type { Access, AppRoute, Feature, Layout, Section } from './types.js';
export { allowsRole, isPublic } from './types.js';
export { fillPath, sections, staffAccess, staffPage } from './define.js';
export { pageChunk } from './page-chunk.js';
export { useCurrentRoute } from './use-current-route.js';
export { loginPath, safeNext } from './next.js';
