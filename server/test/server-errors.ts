/**
 * Responses with a 5xx status seen by any test server of this file; the setup file fails the test on one.
 * A module of its own so that the setup file does not load the whole app into unit test files.
 */
export const serverErrors: string[] = [];
