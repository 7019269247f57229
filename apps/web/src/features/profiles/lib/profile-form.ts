import type {
  EducationEntry,
  ExperienceEntry,
  Profile,
  UpdateProfileBody,
  updateProfileBodySchema,
} from '@nuvem/contracts/profiles';
import type { z } from 'zod';

/** What the profile form holds: every field as typed (the contract's schema checks and trims it). */
export interface ProfileFormValues {
  displayName: string;
  headline: string;
  location: string;
  bio: string;
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    displayName: profile.displayName ?? '',
    headline: profile.headline ?? '',
    location: profile.location ?? '',
    bio: profile.bio ?? '',
  };
}

const profileFields = ['displayName', 'headline', 'location', 'bio'] as const;

/**
 * The PATCH body: only the fields whose checked value (trimmed; empty optional fields read as
 * null, which clears them) differs from the profile's, so a save never rewrites what the user did
 * not touch.
 */
export function profilePatch(values: z.output<typeof updateProfileBodySchema>, profile: Profile): UpdateProfileBody {
  const body: UpdateProfileBody = {};
  for (const key of profileFields) {
    const value = values[key];
    if (value !== undefined && value !== profile[key]) Object.assign(body, { [key]: value });
  }
  return body;
}

export interface ExperienceFormValues {
  title: string;
  company: string;
  duration: string;
  description: string;
  current: boolean;
}

export function experienceFormValues(entry?: ExperienceEntry): ExperienceFormValues {
  return {
    title: entry?.title ?? '',
    company: entry?.company ?? '',
    duration: entry?.duration ?? '',
    description: entry?.description ?? '',
    current: entry?.current ?? false,
  };
}

export interface EducationFormValues {
  school: string;
  degree: string;
  field: string;
  duration: string;
}

export function educationFormValues(entry?: EducationEntry): EducationFormValues {
  return {
    school: entry?.school ?? '',
    degree: entry?.degree ?? '',
    field: entry?.field ?? '',
    duration: entry?.duration ?? '',
  };
}
