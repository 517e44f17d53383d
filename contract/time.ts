import { z } from 'zod';

export * from './site-time.js';

/** An instant as the API takes it: ISO 8601 with an offset, e.g. 2027-03-03T08:00:00+02:00. */
export const IsoInstant = z.iso.datetime({
  offset: true,
  message: 'Use a date and time with its offset, e.g. 2027-03-03T08:00:00+02:00',
});
