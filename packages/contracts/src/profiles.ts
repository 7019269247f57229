import { z } from 'zod';
import { displayNameSchema } from './auth';

/** What any signed-in user may see of another: no e-mail address. */
export const publicProfileSchema = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** GET /api/users?limit&offset&q (signed in): profiles, newest first. */
export const profileListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  q: z.string().trim().max(80).optional(),
});

export const profileListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(publicProfileSchema),
  total: z.number().int().nonnegative(),
});
export type ProfileListResponse = z.infer<typeof profileListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The profile page (issue 7): GET /api/users/{id} and the owner's edits under /api/users/me.
// ---------------------------------------------------------------------------------------------

/** Limits of a profile: lengths of each field and how many entries of each kind one user keeps. */
export const profileLimits = {
  displayName: 80,
  headline: 120,
  location: 80,
  bio: 2000,
  title: 100,
  company: 100,
  duration: 60,
  description: 2000,
  school: 120,
  degree: 120,
  field: 120,
  skill: 50,
  /** Entries per list (experience, education, skills). */
  entries: 50,
  /** People in 'People you may know'. */
  suggestions: 5,
  /** Bytes of an avatar image. */
  avatarBytes: 2 * 1024 * 1024,
} as const;

/** Image types an avatar may have; the server checks the file's first bytes, not only the header. */
export const avatarContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof avatarContentTypes)[number];

export const profileMessages = {
  userNotFound: 'User not found',
  experienceNotFound: 'Experience entry not found',
  educationNotFound: 'Education entry not found',
  skillNotFound: 'Skill not found',
  skillExists: 'This skill is already on your profile',
  tooManyExperience: `A profile lists at most ${profileLimits.entries} experience entries`,
  tooManyEducation: `A profile lists at most ${profileLimits.entries} education entries`,
  tooManySkills: `A profile lists at most ${profileLimits.entries} skills`,
  experienceOrder: 'ids must list each of your experience entries exactly once',
  educationOrder: 'ids must list each of your education entries exactly once',
  skillOrder: 'names must list each of your skills exactly once',
  selfFollow: 'You cannot follow yourself',
  selfConnect: 'You cannot connect with yourself',
  selfEndorse: 'You cannot endorse your own skills',
  requestNotFound: 'There is no connection request from this user',
  avatarType: 'The avatar must be a PNG, JPEG or WebP image (Content-Type image/png, image/jpeg or image/webp)',
  avatarContent: 'The file is not a PNG, JPEG or WebP image matching its Content-Type',
  avatarTooLarge: 'The avatar must be at most 2 MiB',
  avatarNotFound: 'Avatar not found',
} as const;

// Single-line text: no control characters (a tab or newline in a name is a mistake or an attack).
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;
// Multi-line text keeps tabs and line breaks, nothing else below 0x20.
// eslint-disable-next-line no-control-regex
const controlCharactersButLines = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const maxMessage = (max: number) => `must be at most ${max} characters`;

/** A required single-line text of 1..max characters after trimming. */
const requiredLine = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(max, maxMessage(max))
    .refine((v) => !controlCharacters.test(v), 'must not contain control characters');

/** An optional single-line text; empty or null clears it (stored as null). */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxMessage(max))
    .refine((v) => !controlCharacters.test(v), 'must not contain control characters')
    .nullable()
    .transform((v) => v || null);

/** An optional multi-line text; empty or null clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, maxMessage(max))
    .refine((v) => !controlCharactersButLines.test(v), 'must not contain control characters')
    .nullable()
    .transform((v) => v || null);

/** PATCH /api/users/me: any of these; a field left out stays as it is, '' or null clears it. */
export const updateProfileBodySchema = z
  .object({
    // Bidirectional controls and other invisible characters are removed (see the auth contract).
    displayName: displayNameSchema.optional(),
    headline: optionalLine(profileLimits.headline).optional(),
    location: optionalLine(profileLimits.location).optional(),
    bio: optionalText(profileLimits.bio).optional(),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/** POST /api/users/me/experience and PUT …/experience/{entryId} (the whole entry). */
export const experienceBodySchema = z
  .object({
    title: requiredLine(profileLimits.title, 'title'),
    company: requiredLine(profileLimits.company, 'company'),
    /** Free text such as 'Jan 2020 – Present'. */
    duration: optionalLine(profileLimits.duration).default(null),
    description: optionalText(profileLimits.description).default(null),
    current: z.boolean().default(false),
  })
  .strict();
export type ExperienceBody = z.input<typeof experienceBodySchema>;

/** POST /api/users/me/education and PUT …/education/{entryId} (the whole entry). */
export const educationBodySchema = z
  .object({
    school: requiredLine(profileLimits.school, 'school'),
    degree: optionalLine(profileLimits.degree).default(null),
    field: optionalLine(profileLimits.field).default(null),
    duration: optionalLine(profileLimits.duration).default(null),
  })
  .strict();
export type EducationBody = z.input<typeof educationBodySchema>;

const skillName = requiredLine(profileLimits.skill, 'name');

/** POST /api/users/me/skills. Names are unique per user, compared case-insensitively. */
export const skillBodySchema = z.object({ name: skillName }).strict();
export type SkillBody = z.input<typeof skillBodySchema>;

/** PUT /api/users/me/{experience|education}/order: every entry id of the list, once, in the new order. */
export const entryOrderBodySchema = z
  .object({
    ids: z
      .array(z.string().min(1).max(64))
      .max(profileLimits.entries, `at most ${profileLimits.entries} entries`)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id'),
  })
  .strict();
export type EntryOrderBody = z.input<typeof entryOrderBodySchema>;

/** PUT /api/users/me/skills/order: every skill name, once, in the new order. */
export const skillOrderBodySchema = z
  .object({
    names: z
      .array(skillName)
      .max(profileLimits.entries, `at most ${profileLimits.entries} skills`)
      .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, 'must not repeat a name'),
  })
  .strict();
export type SkillOrderBody = z.input<typeof skillOrderBodySchema>;

/** `{id}` of a profile: a user id, or `me` for the caller. */
export const profileIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const entryIdParamsSchema = z.object({ entryId: z.string().min(1).max(64) });
export const skillNameParamsSchema = z.object({ name: z.string().min(1).max(200) });
export const profileSkillParamsSchema = z.object({ id: z.string().min(1).max(64), name: z.string().min(1).max(200) });

export const experienceEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  duration: z.string().nullable(),
  description: z.string().nullable(),
  current: z.boolean(),
});
export type ExperienceEntry = z.infer<typeof experienceEntrySchema>;

export const educationEntrySchema = z.object({
  id: z.string(),
  school: z.string(),
  degree: z.string().nullable(),
  field: z.string().nullable(),
  duration: z.string().nullable(),
});
export type EducationEntry = z.infer<typeof educationEntrySchema>;

export const skillSchema = z.object({
  name: z.string(),
  endorsements: z.number().int().nonnegative(),
  /** Whether the caller endorsed this skill (always false on one's own profile). */
  endorsedByViewer: z.boolean(),
});
export type Skill = z.infer<typeof skillSchema>;

/** The caller's relation to a profile, from the caller's side. */
export const connectionStates = ['none', 'pending_outgoing', 'pending_incoming', 'connected'] as const;
export type ConnectionState = (typeof connectionStates)[number];

export const profileViewerSchema = z.object({
  isSelf: z.boolean(),
  following: z.boolean(),
  followedBy: z.boolean(),
  connection: z.enum(connectionStates),
});
export type ProfileViewer = z.infer<typeof profileViewerSchema>;

/**
 * Spec 3's profile user record, plus the caller's relation to it and the views of the last 30
 * days. `email` is null unless the caller is the profile's owner; so is `viewsLast30Days` (the
 * side panel's figure is the owner's own). `views` counts one view per viewer and UTC day, never
 * the owner's own visits.
 */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  avatar: z.string().nullable(),
  headline: z.string().nullable(),
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  connections: z.number().int().nonnegative(),
  followers: z.number().int().nonnegative(),
  following: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
  viewsLast30Days: z.number().int().nonnegative().nullable(),
  experience: z.array(experienceEntrySchema),
  education: z.array(educationEntrySchema),
  skills: z.array(skillSchema),
  createdAt: z.string(),
  viewer: profileViewerSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/users/{id}, PATCH /api/users/me, POST and DELETE /api/users/me/avatar. */
export const profileResponseSchema = z.object({ success: z.literal(true), user: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const experienceEntryResponseSchema = z.object({ success: z.literal(true), entry: experienceEntrySchema });
export const experienceListResponseSchema = z.object({
  success: z.literal(true),
  experience: z.array(experienceEntrySchema),
});
export const educationEntryResponseSchema = z.object({ success: z.literal(true), entry: educationEntrySchema });
export const educationListResponseSchema = z.object({
  success: z.literal(true),
  education: z.array(educationEntrySchema),
});
export const skillResponseSchema = z.object({ success: z.literal(true), skill: skillSchema });
export const skillListResponseSchema = z.object({ success: z.literal(true), skills: z.array(skillSchema) });

/** DELETE of an entry or skill. */
export const profileOkResponseSchema = z.object({ success: z.literal(true) });

/** POST/DELETE /api/users/{id}/follow. */
export const followResponseSchema = z.object({
  success: z.literal(true),
  following: z.boolean(),
  followers: z.number().int().nonnegative(),
});
export type FollowResponse = z.infer<typeof followResponseSchema>;

/** POST /api/users/{id}/connect, …/connect/accept, DELETE …/connect: the relation afterwards. */
export const connectionResponseSchema = z.object({
  success: z.literal(true),
  connection: z.enum(connectionStates),
  /** The profile's accepted connections. */
  connections: z.number().int().nonnegative(),
});
export type ConnectionResponse = z.infer<typeof connectionResponseSchema>;

/** Someone shown on another's page: public fields only. */
export const personCardSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable(),
  avatar: z.string().nullable(),
  headline: z.string().nullable(),
});
export type PersonCard = z.infer<typeof personCardSchema>;

/** GET /api/users/me/connection-requests: pending requests to the caller, newest first. */
export const connectionRequestsResponseSchema = z.object({
  success: z.literal(true),
  requests: z.array(z.object({ user: personCardSchema, createdAt: z.string() })),
});
export type ConnectionRequestsResponse = z.infer<typeof connectionRequestsResponseSchema>;

/**
 * Why someone is in 'People you may know': a shared employer or school (`name`, as they wrote it),
 * or being new here; clients word it in their own language from this.
 */
export const suggestionBasisSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('company'), name: z.string() }),
  z.object({ kind: z.literal('school'), name: z.string() }),
  z.object({ kind: z.literal('new') }),
]);
export type SuggestionBasis = z.infer<typeof suggestionBasisSchema>;

/** GET /api/users/me/suggestions: 'People you may know', with why each is suggested (`reason` in English). */
export const suggestionsResponseSchema = z.object({
  success: z.literal(true),
  people: z.array(personCardSchema.extend({ reason: z.string(), basis: suggestionBasisSchema })),
});
export type SuggestionsResponse = z.infer<typeof suggestionsResponseSchema>;
