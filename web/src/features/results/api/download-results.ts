import { downloadFile } from '../../../lib/api/index.js';

/** GET olympiad/results/downloads/details?olympiadId&format (csv or xlsx): every learner's published result. */
export const downloadResults = (olympiadId: number, varName: string, format: 'csv' | 'xlsx') =>
  downloadFile('/olympiad/results/downloads/details', `results-${varName}.${format}`, { olympiadId, format });
