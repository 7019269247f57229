import type { cabin } from '../i18n/en';

/** Placeholder photos: each a captioned scene drawn in SVG, so the page loads no images. */
export interface CabinPhoto {
  index: number;
  /** The caption's key under `photos.captions` in the 'cabin' namespace. */
  caption: keyof typeof cabin.photos.captions;
  /** Sky, ground and accent hues of the drawn scene. */
  hues: readonly [number, number, number];
  scene: 'mountains' | 'forest' | 'lake' | 'interior';
}

const captions: readonly (readonly [CabinPhoto['caption'], CabinPhoto['scene']])[] = [
  ['cabinDawn', 'mountains'],
  ['mistyForest', 'forest'],
  ['lakeSunrise', 'lake'],
  ['livingRoom', 'interior'],
  ['mainBedroom', 'interior'],
  ['secondBedroom', 'interior'],
  ['kitchen', 'interior'],
  ['deck', 'forest'],
  ['hotTub', 'lake'],
  ['ridgeTrail', 'mountains'],
  ['readingNook', 'interior'],
  ['diningTable', 'interior'],
  ['firePit', 'forest'],
  ['valleyFog', 'mountains'],
  ['canoe', 'lake'],
  ['bathroom', 'interior'],
  ['porch', 'forest'],
  ['snowyPeaks', 'mountains'],
  ['fencedYard', 'forest'],
  ['stream', 'lake'],
  ['nightSky', 'mountains'],
  ['boardGames', 'interior'],
  ['morningCoffee', 'forest'],
  ['cabinNight', 'mountains'],
];

export const cabinPhotos: readonly CabinPhoto[] = captions.map(([caption, scene], i) => ({
  index: i + 1,
  caption,
  scene,
  hues: [200 + ((i * 37) % 80), 120 + ((i * 23) % 60), 20 + ((i * 53) % 60)],
}));
