export * from './content.js';
export * from './schools.js';
export * from './users.js';
export * from './audit.js';
export * from './mail.js';
