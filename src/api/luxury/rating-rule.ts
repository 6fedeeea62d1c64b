/**
 * A testimonial's rating is a whole number from 1 to 5 in every version, drafts included. Strapi 5
 * skips a field's `min` on drafts (so a draft may be incomplete); a rating of 0 is not incomplete but
 * wrong, so the range is checked on every create and update, whoever writes. The error names the
 * field, so the admin's form shows it under the rating.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';

const TESTIMONIAL_UID = 'api::luxury.luxury-testimonial';
export const RATING_MESSAGE = 'The rating must be a whole number from 1 to 5.';

/** Absent or empty is left to the schema (required, checked when publishing). */
export function isAcceptableRating(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  const rating = typeof value === 'string' ? Number(value) : value;
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= 1 && rating <= 5;
}

export function enforceRatingRange(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    if (context.uid === TESTIMONIAL_UID && (context.action === 'create' || context.action === 'update')) {
      const rating = (context.params as { data?: { rating?: unknown } }).data?.rating;
      if (!isAcceptableRating(rating)) {
        throw new errors.ValidationError(RATING_MESSAGE, { errors: [{ path: ['rating'], message: RATING_MESSAGE, name: 'ValidationError' }] });
      }
    }
    return next();
  });
}
