import {
  educationBodySchema,
  experienceBodySchema,
  profileSchema,
  updateProfileBodySchema,
} from '@nuvem/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { educationFormValues, experienceFormValues, profileFormValues, profilePatch } from './profile-form';

const profile = profileSchema.parse({
  id: 'usr_1',
  email: 'ana@example.com',
  displayName: 'Ana',
  avatar: null,
  headline: 'Engineer',
  emailVerified: true,
  mfaEnabled: false,
  location: null,
  bio: null,
  connections: 0,
  followers: 0,
  following: 0,
  views: 0,
  viewsLast30Days: 0,
  experience: [],
  education: [],
  skills: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  viewer: { isSelf: true, following: false, followedBy: false, connection: 'none' },
});

/** The form's values as the contract's schema hands them to the submit handler. */
const checked = (values: ReturnType<typeof profileFormValues>) => updateProfileBodySchema.parse(values);

describe('profilePatch', () => {
  it('sends only the changed fields, trimmed', () => {
    const body = profilePatch(checked({ ...profileFormValues(profile), headline: '  Staff engineer ' }), profile);
    expect(body).toEqual({ headline: 'Staff engineer' });
    expect(updateProfileBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends null for an emptied field (the server clears it) and nothing when nothing changed', () => {
    expect(profilePatch(checked({ ...profileFormValues(profile), headline: ' ' }), profile)).toEqual({
      headline: null,
    });
    expect(profilePatch(checked(profileFormValues(profile)), profile)).toEqual({});
  });

  it('refuses an empty display name through the contract', () => {
    expect(updateProfileBodySchema.safeParse({ ...profileFormValues(profile), displayName: ' ' }).success).toBe(false);
  });
});

describe('entry form values', () => {
  it('starts empty, and the contract reads blanks as null', () => {
    const body = experienceBodySchema.parse({ ...experienceFormValues(), title: ' Engineer ', company: 'Acme' });
    expect(body).toEqual({ title: 'Engineer', company: 'Acme', duration: null, description: null, current: false });
    expect(experienceBodySchema.safeParse(experienceFormValues()).success).toBe(false);
    expect(educationBodySchema.parse({ ...educationFormValues(), school: 'USP', field: ' ' })).toEqual({
      school: 'USP',
      degree: null,
      field: null,
      duration: null,
    });
  });

  it("fills the form from an entry's values", () => {
    expect(
      experienceFormValues({
        id: 'exp_1',
        title: 'CTO',
        company: 'Nuvem',
        duration: null,
        description: 'Led it',
        current: true,
      }),
    ).toEqual({ title: 'CTO', company: 'Nuvem', duration: '', description: 'Led it', current: true });
  });
});
