import { describe, expect, it } from 'vitest';
import { isAcceptableRating } from '../../src/api/luxury/rating-rule';

describe('isAcceptableRating', () => {
  it.each([[1, true], [5, true], ['3', true], [undefined, true], [null, true], [0, false], [6, false], [2.5, false], ['five', false]])('%j: %s', (rating, ok) => {
    expect(isAcceptableRating(rating)).toBe(ok);
  });
});
