import { start } from '../../server/start.js';
import { benchRoutes } from './bare-route.js';

/**
 * The server the benchmarks start (startServer in server.ts beside this file): the product's server exactly as
 * `npm start` runs it, plus the benchmark-only routes (bare-route.ts), which the product's own entry never registers.
 */
start({ routes: [benchRoutes] });
