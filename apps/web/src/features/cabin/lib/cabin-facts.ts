/** Every fact of the spec's cabin demo page, written exactly as the spec states it. */
export const cabinFacts = {
  name: 'MistHaven',
  tagline: 'Quiet Escapes in the Wild',
  kind: '2-bedroom cabin',
  bedrooms: 2,
  checkIn: 'Apr 14 after 2:00 PM',
  checkOut: 'Apr 18 until 11:00 AM',
  guests: '2–5',
  petFriendly: 'Yes',
  price: '$329',
  priceUnit: 'per night',
  taxesNote: 'Taxes and fees not included',
  rating: '4.8',
  ratingCount: '2,400+ stays',
  directBooking: 'No service fees on direct bookings',
  photoCount: 24,
} as const;

export type CabinFacts = typeof cabinFacts;
