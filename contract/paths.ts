/**
 * The first path segments of the web app's own top-level pages (the rest are `/{olympiadName}/…` and
 * `/{projectName}/…`). A test in web/src/app keeps this list in step with the route table. Where an API
 * route starts with one of these words too (`/unsubscribe/api/…` beside the page `/unsubscribe/{ref}`),
 * only the API's two-segment prefix belongs to the API.
 */
export const webPageRoots = [
  'login',
  'logout',
  'overlord',
  'portal',
  'unsubscribe',
  'verify-email',
  'verify',
  'welcome',
  'my-account',
  'olympus',
  'not-found',
  'privacy',
] as const;
