/*
 * SAMPLE CONTENT (spec 3: "the feed posts, suggested people and trending tags are hard-coded
 * samples"; spec 9: "the monthly growth of 23.5% and trends are hard-coded"). Nothing here comes
 * from the server, and the page labels each of these blocks as sample content. Suggested people
 * are real (GET /api/users/me/suggestions), so they are not here.
 */

export interface SamplePost {
  id: string;
  /** How long ago, as shown. */
  age: string;
  text: string;
  likes: number;
  comments: number;
}

/** Sample feed posts shown under Activity, on every profile and on the fallback profile. */
export const samplePosts: readonly SamplePost[] = [
  {
    id: 'sample-1',
    age: '2d',
    text: 'Migrated our staging workloads to Nuvem containers this week. Spin-up times dropped from minutes to seconds.',
    likes: 42,
    comments: 7,
  },
  {
    id: 'sample-2',
    age: '1w',
    text: 'Three lessons from rotating API keys without downtime: overlap windows, clear scopes, and good logs.',
    likes: 128,
    comments: 19,
  },
  {
    id: 'sample-3',
    age: '3w',
    text: 'Looking forward to speaking about platform engineering at the next community meetup.',
    likes: 73,
    comments: 11,
  },
];

/** The side panel's post impressions (sample) and its hard-coded monthly growth. */
export const samplePostImpressions = { count: 1_547, monthlyGrowthPercent: 23.5 } as const;

/** 'Trending in your network' (sample tags). */
export const sampleTrendingTags: readonly { tag: string; posts: number }[] = [
  { tag: '#CloudComputing', posts: 2_340 },
  { tag: '#DevOps', posts: 1_890 },
  { tag: '#Kubernetes', posts: 1_205 },
  { tag: '#PlatformEngineering', posts: 864 },
  { tag: '#OpenSource', posts: 652 },
];
