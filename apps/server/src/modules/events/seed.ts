import {
  createEventsRepository,
  type EventsRepository,
  type NewEvent,
  type NewTicketType,
} from './events.repository.js';
import { seededRandom } from '../../lib/seeded-random.js';

/** The database the seed writes to: the events repository is made on it. */
type SeedTarget = Parameters<typeof createEventsRepository>[0];

/** The categories of the catalogue (kept when they exist). */
export async function seedEventCategories(repo: Pick<EventsRepository, 'insertCategories'>): Promise<void> {
  await repo.insertCategories(seedCategories.map(({ slug, name }) => ({ slug, name })));
}

export { seededRandom };

export const seedCategories = [
  {
    slug: 'live-music',
    name: 'Live Music',
    words: [
      'Jazz Night',
      'Indie Showcase',
      'Fado Evening',
      'Acoustic Sessions',
      'Symphony Under the Stars',
      'Samba Party',
    ],
  },
  {
    slug: 'tech-conference',
    name: 'Tech Conference',
    words: [
      'Cloud Summit',
      'DevOps Days',
      'AI in Production',
      'Kubernetes Meetup',
      'Web Performance Forum',
      'Open Source Day',
    ],
  },
  {
    slug: 'food-and-drink',
    name: 'Food and Drink',
    words: [
      'Wine Tasting',
      'Street Food Festival',
      'Pastel de Nata Workshop',
      'Craft Beer Fair',
      'Farm to Table Dinner',
      'Coffee Cupping',
    ],
  },
  {
    slug: 'arts-and-culture',
    name: 'Arts and Culture',
    words: [
      'Gallery Opening',
      'Poetry Slam',
      'Contemporary Dance',
      'Photography Walk',
      'Azulejo Painting Class',
      'Theatre Premiere',
    ],
  },
  {
    slug: 'sports-and-fitness',
    name: 'Sports and Fitness',
    words: ['City Half Marathon', 'Sunrise Yoga', 'Surf Camp', 'Cycling Tour', 'Padel Tournament', 'Climbing Day'],
  },
  {
    slug: 'business-networking',
    name: 'Business Networking',
    words: [
      'Founders Breakfast',
      'Startup Pitch Night',
      'Women in Tech Mixer',
      'Investor Roundtable',
      'Freelancers Meetup',
      'Export Forum',
    ],
  },
  {
    slug: 'health-and-wellness',
    name: 'Health and Wellness',
    words: [
      'Mindfulness Retreat',
      'Nutrition Talk',
      'Sound Bath',
      'Breathwork Session',
      'Healthy Cooking',
      'Sleep Science Talk',
    ],
  },
  {
    slug: 'film-and-media',
    name: 'Film and Media',
    words: [
      'Short Film Festival',
      'Documentary Screening',
      'Podcast Live',
      'Animation Marathon',
      'Cinema Classics',
      'Film Q&A',
    ],
  },
  {
    slug: 'family-and-kids',
    name: 'Family and Kids',
    words: [
      'Science Fair for Kids',
      'Puppet Show',
      'Family Picnic',
      'Lego Build Day',
      'Storytelling Morning',
      'Junior Coding Club',
    ],
  },
  {
    slug: 'education-and-workshops',
    name: 'Education and Workshops',
    words: [
      'Data Science Bootcamp',
      'Public Speaking Workshop',
      'UX Design Sprint',
      'Portuguese for Beginners',
      'Rust in a Day',
      'Security Essentials',
    ],
  },
] as const;

const places = [
  ['Lisboa', 'Portugal'],
  ['Porto', 'Portugal'],
  ['Braga', 'Portugal'],
  ['Coimbra', 'Portugal'],
  ['Faro', 'Portugal'],
  ['Funchal', 'Portugal'],
  ['São Paulo', 'Brasil'],
  ['Rio de Janeiro', 'Brasil'],
  ['Belo Horizonte', 'Brasil'],
  ['Florianópolis', 'Brasil'],
  ['Madrid', 'España'],
  ['Barcelona', 'España'],
  ['Sevilla', 'España'],
  ['London', 'United Kingdom'],
  ['Manchester', 'United Kingdom'],
  ['Paris', 'France'],
  ['Lyon', 'France'],
  ['Berlin', 'Deutschland'],
  ['München', 'Deutschland'],
  ['Amsterdam', 'Nederland'],
  ['Zürich', 'Schweiz'],
  ['Kraków', 'Polska'],
  ['New York', 'United States'],
  ['Austin', 'United States'],
  ['Montréal', 'Canada'],
  ['Luanda', 'Angola'],
  ['Maputo', 'Moçambique'],
  ['Praia', 'Cabo Verde'],
] as const;

const venueKinds = [
  'Centro de Congressos',
  'Arena',
  'Hall',
  'Studio',
  'Gallery',
  'Garden',
  'Hub',
  'Theatre',
  'Market',
  'Pavilion',
];
const venuePrefixes = [
  'Riverside',
  'Old Town',
  'Harbour',
  'Central',
  'Alfama',
  'Ribeira',
  'North',
  'Sunset',
  'Union',
  'Atlantic',
];
const organiserNames = [
  'Nuvem Events',
  'Atlântico Live',
  'Lisbon Tech Guild',
  'Porto Makers',
  'Casa da Música Friends',
  'Open Source Portugal',
  'Bairro Alto Collective',
  'São Paulo Founders',
  'Iberian Food Club',
  'Run Lisboa',
  'Cinema Paraíso',
  'Kids Lab',
  'Wellness Lab',
  'Design Ibérico',
  'Ingenious Gen',
  'Sunset Sessions',
  'Startup Braga',
  'Berlin Cloud Natives',
];
const adjectives = [
  'Annual',
  'Summer',
  'Winter',
  'Spring',
  'Autumn',
  'International',
  'Community',
  'Grand',
  'Weekend',
  'Late',
];

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

export interface SeedOptions {
  count: number;
  seed?: number;
  /** Dates are spread around this moment (30 days back to 180 ahead). */
  now?: Date;
  batchSize?: number;
  onProgress?: (done: number) => void;
}

/**
 * Writes a believable catalogue: real cities, online and in-person, free and paid, ten categories
 * with hyphenated slugs, covers drawn by the portal. Deterministic for a seed and a moment.
 * Categories and organisers are shared; each call adds `count` events.
 */
export async function seedEvents(db: SeedTarget, options: SeedOptions): Promise<number> {
  const repo = createEventsRepository(db);
  const random = seededRandom(options.seed ?? 20_261_126);
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 1000;
  await seedEventCategories(repo);
  const organisers = organiserNames.map((name, i) => ({ id: `org_seed${String(i).padStart(3, '0')}`, name }));
  const venues = places.flatMap(([city, country], i) =>
    [0, 1, 2].map((j) => ({
      id: `ven_seed${String(i).padStart(3, '0')}${String(j)}`,
      name: `${venuePrefixes[(i + j * 3) % venuePrefixes.length] ?? 'Central'} ${venueKinds[(i * 7 + j) % venueKinds.length] ?? 'Hall'}`,
      address: `Rua ${String(10 + ((i * 13 + j * 7) % 180))}, ${city}`,
      city,
      country,
    })),
  );
  await repo.insertSeedPlaces({ organisers, venues });

  const runId = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  let written = 0;
  while (written < options.count) {
    const size = Math.min(batchSize, options.count - written);
    const eventRows: NewEvent[] = [];
    const ticketRows: NewTicketType[] = [];
    for (let k = 0; k < size; k += 1) {
      const n = written + k;
      const id = `evt_${runId}${n.toString(36).padStart(8, '0')}`;
      const category = pick(random, seedCategories);
      const online = random() < 0.25;
      const venue = online ? null : pick(random, venues);
      const organiserIndex = Math.floor(random() * organiserNames.length);
      const organiser = organiserNames[organiserIndex] ?? 'Nuvem Events';
      const startsAt = new Date(now.getTime() + Math.floor((random() * 210 - 30) * 24) * 3600_000);
      startsAt.setUTCMinutes(random() < 0.5 ? 0 : 30, 0, 0);
      const hours = random() < 0.15 ? 24 * (1 + Math.floor(random() * 3)) : 2 + Math.floor(random() * 5);
      const endsAt = new Date(startsAt.getTime() + hours * 3600_000);
      const title = `${random() < 0.4 ? `${pick(random, adjectives)} ` : ''}${pick(random, category.words)}${venue ? ` ${venue.city}` : ' Online'}`;
      const free = random() < 0.3;
      const types = free
        ? [{ name: 'General admission', priceCents: 0 }]
        : random() < 0.5
          ? [{ name: 'Standard', priceCents: 500 * (1 + Math.floor(random() * 30)) }]
          : [
              { name: 'Early bird', priceCents: 500 * (1 + Math.floor(random() * 12)) },
              { name: 'Standard', priceCents: 500 * (8 + Math.floor(random() * 40)) },
              { name: 'VIP', priceCents: 500 * (40 + Math.floor(random() * 60)) },
            ];
      let capacityLeft = 0;
      let attendees = 0;
      types.forEach((type, t) => {
        const capacity = 20 + Math.floor(random() * 480);
        const taken = Math.min(capacity, Math.floor(capacity * random() * (random() < 0.1 ? 1.2 : 0.8)));
        capacityLeft += capacity - taken;
        attendees += taken;
        ticketRows.push({
          id: `tkt_${id.slice(4)}${String(t)}`,
          eventId: id,
          name: type.name,
          priceCents: type.priceCents,
          capacity,
          taken,
        });
      });
      const prices = types.map((type) => type.priceCents);
      const description = `${title} brings people together around ${category.name.toLowerCase()}${venue ? ` at ${venue.name} in ${venue.city}` : ' online, from wherever you are'}. Organised by ${organiser}. Expect great company, practical ideas and time to meet others who care about the same things.`;
      eventRows.push({
        id,
        organiserId: `org_seed${String(organiserIndex).padStart(3, '0')}`,
        title,
        description,
        category: category.slug,
        startsAt,
        endsAt,
        isOnline: online,
        onlineUrl: online ? `https://meet.nuvem.local/${id}` : null,
        venueId: venue?.id ?? null,
        city: venue?.city ?? null,
        venueName: venue?.name ?? null,
        currency: 'EUR',
        minPriceCents: Math.min(...prices),
        maxPriceCents: Math.max(...prices),
        isFree: free,
        attendeeCount: attendees,
        ticketsAvailable: capacityLeft,
        schedule: [
          { starts_at: startsAt.toISOString(), title: 'Doors open' },
          { starts_at: new Date(startsAt.getTime() + 30 * 60_000).toISOString(), title: title },
        ],
        hasCover: random() < 0.9,
        createdAt: new Date(now.getTime() - Math.floor(random() * 90 * 24) * 3600_000),
        search: {
          title,
          venue: venue?.name ?? null,
          city: venue?.city ?? (online ? 'online' : null),
          organiser,
          description,
        },
      });
    }
    await repo.insertSeedBatch({ events: eventRows, ticketTypes: ticketRows });
    written += size;
    options.onProgress?.(written);
  }
  // Statistics for the planner, and a visibility map so the counts are read off an index only.
  await repo.analyze();
  return written;
}
