export * from './roles.js';
export * from './errors.js';
export * from './auth.js';
export * from './navigation.js';
export * from './public.js';
export * from './questions.js';
export * from './sitting.js';
