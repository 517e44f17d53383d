import { start } from './start.js';

/** `npm start`: the product's server, with nothing beside it (server/start.ts). */
start();
