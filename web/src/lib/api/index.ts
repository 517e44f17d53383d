/** The one API client (docs/spec.md §7–8). Feature hooks call these; nothing else calls fetch. */
export {
  api,
  apiRequest,
  apiUrl,
  failureText,
  setApiTransport,
  type On401,
  type Query,
  type RequestOptions,
} from './client.js';
export { apiUpload, type UploadProgress } from './upload.js';
export { queryKeys, type FeatureKeys } from './keys.js';
export { startedText, successText, type ApiMutationMeta } from './meta.js';
export { ApiError, isApiError } from './errors.js';
export { apiEffects, configureApiEffects, showAlert, type ApiEffects, type NoticeKind } from './effects.js';
export { useGlobalLoading } from './loader.js';
export { alerts, DEFAULT_ERROR_MESSAGE, LOADER_HIDE_DELAY_MS } from './messages.js';
export { apiBlob, downloadFile, saveBlob, type BlobOptions } from './download.js';
