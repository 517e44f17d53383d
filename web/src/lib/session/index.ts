export { getUser, getToken, storeUser, clearUser, getImpersonatorUser, USER_KEY, IMPERSONATOR_KEY } from './storage.js';
export { useSessionUser } from './use-session.js';
export { logout, impersonate, stopImpersonating } from './actions.js';
export { useLogout, useImpersonate, useStopImpersonating } from './hooks.js';
export { useCurrentGrant } from './use-grant.js';
export { goHome } from './go-home.js';
