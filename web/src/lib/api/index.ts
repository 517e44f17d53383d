/** The one API client (docs/spec.md §7–8). Feature hooks call these; nothing else calls fetch. */
export { api, apiRequest, apiUrl, type On401, type Query, type RequestOptions } from './client.js';
export { postForm, type FormFields, type PostFormOptions } from './post.js';
export { ApiError, isApiError } from './errors.js';
export { configureApiEffects, showAlert, type ApiEffects } from './effects.js';
export { useGlobalLoading } from './loader.js';
export { alerts, DEFAULT_ERROR_MESSAGE, LOADER_HIDE_DELAY_MS } from './messages.js';
export { downloadFile } from './download.js';
