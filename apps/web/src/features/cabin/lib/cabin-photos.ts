/** Placeholder photos: each a captioned scene drawn in CSS, so the page loads no images. */
export interface CabinPhoto {
  index: number;
  caption: string;
  /** Sky, ground and accent hues of the drawn scene. */
  hues: readonly [number, number, number];
  scene: 'mountains' | 'forest' | 'lake' | 'interior';
}

const captions: readonly (readonly [string, CabinPhoto['scene']])[] = [
  ['The cabin at dawn', 'mountains'],
  ['Misty pine forest', 'forest'],
  ['Lake at sunrise', 'lake'],
  ['Living room with fireplace', 'interior'],
  ['Main bedroom', 'interior'],
  ['Second bedroom', 'interior'],
  ['Open kitchen', 'interior'],
  ['Deck with forest view', 'forest'],
  ['Hot tub under the stars', 'lake'],
  ['Ridge trail', 'mountains'],
  ['Reading nook', 'interior'],
  ['Dining table for six', 'interior'],
  ['Fire pit at dusk', 'forest'],
  ['Valley in the fog', 'mountains'],
  ['Canoe on the lake', 'lake'],
  ['Bathroom with rain shower', 'interior'],
  ['Porch in autumn', 'forest'],
  ['Snowy peaks', 'mountains'],
  ['Fenced yard for pets', 'forest'],
  ['Stream behind the cabin', 'lake'],
  ['Night sky', 'mountains'],
  ['Board games and books', 'interior'],
  ['Morning coffee on the deck', 'forest'],
  ['The cabin at night', 'mountains'],
];

export const cabinPhotos: readonly CabinPhoto[] = captions.map(([caption, scene], i) => ({
  index: i + 1,
  caption,
  scene,
  hues: [200 + ((i * 37) % 80), 120 + ((i * 23) % 60), 20 + ((i * 53) % 60)],
}));
