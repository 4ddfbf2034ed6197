// The one refusal of an export too long to hold, told the row count before any row is read.
import { ValidationError } from '../errors.ts';

/** Refuses a list longer than an export may hold, before any of it is read. */
export const atMost = (maxRows: number) => (count: number) => {
  if (count > maxRows) {
    throw new ValidationError('export_too_large', { count, max: maxRows });
  }
};
