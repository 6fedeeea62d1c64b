/** Records the mapping could not use, told apart from the ones it could (shared by every driver). */
import type { Rejected } from './types';

export function isRejected<T extends object>(record: T | Rejected): record is Rejected {
  return 'reason' in record;
}

/** Splits mapped results into usable records and rejected ones. */
export function partition<T extends object>(results: Array<T | Rejected>): { records: T[]; rejected: Rejected[] } {
  const records: T[] = [];
  const rejected: Rejected[] = [];
  for (const result of results) {
    if (isRejected(result)) rejected.push(result);
    else records.push(result);
  }
  return { records, rejected };
}
