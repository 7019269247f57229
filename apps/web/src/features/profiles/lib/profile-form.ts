import type {
  EducationBody,
  EducationEntry,
  ExperienceBody,
  ExperienceEntry,
  Profile,
  UpdateProfileBody,
} from '@nuvem/contracts/profiles';

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

/**
 * The PATCH body: only the fields that changed (trimmed), so a save never rewrites what the user
 * did not touch. An emptied optional field is sent as '' (the server clears it).
 */
export function profilePatch(values: ProfileFormValues, profile: Profile): UpdateProfileBody {
  const before = profileFormValues(profile);
  const body: UpdateProfileBody = {};
  for (const key of ['displayName', 'headline', 'location', 'bio'] as const) {
    const value = values[key].trim();
    if (value !== before[key].trim()) body[key] = value;
  }
  return body;
}

/** Client-side problems of the form (the server checks again); empty when it may be sent. */
export function profileFormProblems(values: ProfileFormValues): Partial<Record<keyof ProfileFormValues, string>> {
  return values.displayName.trim() ? {} : { displayName: 'Display name is required' };
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

export function experienceBody(values: ExperienceFormValues): ExperienceBody {
  return {
    title: values.title.trim(),
    company: values.company.trim(),
    duration: values.duration.trim() || null,
    description: values.description.trim() || null,
    current: values.current,
  };
}

export function experienceFormProblems(values: ExperienceFormValues): Partial<Record<'title' | 'company', string>> {
  const problems: Partial<Record<'title' | 'company', string>> = {};
  if (!values.title.trim()) problems.title = 'Title is required';
  if (!values.company.trim()) problems.company = 'Company is required';
  return problems;
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

export function educationBody(values: EducationFormValues): EducationBody {
  return {
    school: values.school.trim(),
    degree: values.degree.trim() || null,
    field: values.field.trim() || null,
    duration: values.duration.trim() || null,
  };
}

export function educationFormProblems(values: EducationFormValues): Partial<Record<'school', string>> {
  return values.school.trim() ? {} : { school: 'School is required' };
}
