/** Areas: providers send sq.ft or m²; the service keeps sq.ft and shows m² beside it. */
export const SQFT_PER_SQM = 10.7639;

/** A size in sq.ft as whole square metres; null stays null. */
export const sqmOf = (sqft: number | null): number | null => (sqft === null ? null : Math.round(sqft / SQFT_PER_SQM));

/** A size given in m², in sq.ft to the hundredth. */
export const sqftFromSqm = (sqm: number): number => Math.round(sqm * SQFT_PER_SQM * 100) / 100;
