import {
  educationBodySchema,
  experienceBodySchema,
  profileSchema,
  updateProfileBodySchema,
} from '@nuvem/contracts/profiles';
import { describe, expect, it } from 'vitest';
import {
  educationBody,
  educationFormProblems,
  experienceBody,
  experienceFormProblems,
  experienceFormValues,
  profileFormProblems,
  profileFormValues,
  profilePatch,
} from './profile-form';

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

describe('profilePatch', () => {
  it('sends only the changed fields, trimmed', () => {
    const values = { ...profileFormValues(profile), headline: '  Staff engineer ' };
    const body = profilePatch(values, profile);
    expect(body).toEqual({ headline: 'Staff engineer' });
    expect(updateProfileBodySchema.safeParse(body).success).toBe(true);
  });

  it("sends '' for an emptied field (the server clears it) and nothing when nothing changed", () => {
    expect(profilePatch({ ...profileFormValues(profile), headline: '' }, profile)).toEqual({ headline: '' });
    expect(profilePatch(profileFormValues(profile), profile)).toEqual({});
  });

  it('requires a display name', () => {
    expect(profileFormProblems({ ...profileFormValues(profile), displayName: ' ' })).toEqual({
      displayName: 'Display name is required',
    });
    expect(profileFormProblems(profileFormValues(profile))).toEqual({});
  });
});

describe('entry bodies', () => {
  it('builds an experience body the contract accepts, blanks as null', () => {
    const body = experienceBody({ ...experienceFormValues(), title: ' Engineer ', company: 'Acme', current: true });
    expect(body).toEqual({ title: 'Engineer', company: 'Acme', duration: null, description: null, current: true });
    expect(experienceBodySchema.safeParse(body).success).toBe(true);
    expect(experienceFormProblems(experienceFormValues())).toEqual({
      title: 'Title is required',
      company: 'Company is required',
    });
  });

  it('builds an education body the contract accepts', () => {
    const body = educationBody({ school: 'USP', degree: 'BSc', field: ' ', duration: '2015 – 2019' });
    expect(body).toEqual({ school: 'USP', degree: 'BSc', field: null, duration: '2015 – 2019' });
    expect(educationBodySchema.safeParse(body).success).toBe(true);
    expect(educationFormProblems({ school: '', degree: '', field: '', duration: '' })).toEqual({
      school: 'School is required',
    });
  });
});
