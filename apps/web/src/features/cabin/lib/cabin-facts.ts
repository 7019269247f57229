/**
 * The figures of the spec's cabin demo page; its words are in the 'cabin' namespace of the
 * catalogue, and the figures are written through the formatting module in the language in use.
 */
export const cabinFacts = {
  bedrooms: 2,
  guests: { min: 2, max: 5 },
  pricePerNight: 329,
  currency: 'USD',
  rating: 4.8,
  /** Shown as '2,400+ stays'. */
  stays: 2400,
  photoCount: 24,
} as const;

export type CabinFacts = typeof cabinFacts;
