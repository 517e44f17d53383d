import { conflict } from '../../http/errors.js';

/** Exam day's errors used more than once. */
export const detailsLocked = () => conflict('Your details cannot be changed once you have started writing.');
