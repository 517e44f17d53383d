/** The session user is presented by the shared session module (auth and the recovery-PIN sign-in use it). */
export { displayName, presentSessionUser } from '../../platform/sessions.js';
