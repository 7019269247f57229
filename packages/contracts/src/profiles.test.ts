import { describe, expect, it } from 'vitest';
import {
  educationBodySchema,
  entryOrderBodySchema,
  experienceBodySchema,
  skillBodySchema,
  skillOrderBodySchema,
  updateProfileBodySchema,
} from './profiles';

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => i.path.join('.')) ?? [];

describe('profile edits', () => {
  it('trims every field, and reads empty or null optional fields as cleared', () => {
    expect(
      updateProfileBodySchema.parse({ displayName: '  Ana  ', headline: '  Engineer ', location: '', bio: null }),
    ).toEqual({ displayName: 'Ana', headline: 'Engineer', location: null, bio: null });
    // Fields left out stay out: they are not changed.
    expect(updateProfileBodySchema.parse({ headline: 'x' })).toEqual({ headline: 'x' });
  });

  it('bounds the lengths: display name 1-80, headline 120, location 80, bio 2000', () => {
    expect(paths(updateProfileBodySchema.safeParse({ displayName: '   ' }))).toEqual(['displayName']);
    expect(paths(updateProfileBodySchema.safeParse({ displayName: null }))).toEqual(['displayName']);
    expect(updateProfileBodySchema.safeParse({ displayName: 'x'.repeat(80) }).success).toBe(true);
    expect(paths(updateProfileBodySchema.safeParse({ displayName: 'x'.repeat(81) }))).toEqual(['displayName']);
    expect(paths(updateProfileBodySchema.safeParse({ headline: 'x'.repeat(121) }))).toEqual(['headline']);
    expect(paths(updateProfileBodySchema.safeParse({ location: 'x'.repeat(81) }))).toEqual(['location']);
    expect(updateProfileBodySchema.safeParse({ bio: 'x'.repeat(2000) }).success).toBe(true);
    expect(paths(updateProfileBodySchema.safeParse({ bio: 'x'.repeat(2001) }))).toEqual(['bio']);
  });

  it('keeps line breaks in the bio only, and refuses unknown fields', () => {
    expect(updateProfileBodySchema.parse({ bio: 'one\ntwo' }).bio).toBe('one\ntwo');
    expect(paths(updateProfileBodySchema.safeParse({ headline: 'one\ntwo' }))).toEqual(['headline']);
    expect(paths(updateProfileBodySchema.safeParse({ bio: 'bell\u0007' }))).toEqual(['bio']);
    expect(updateProfileBodySchema.safeParse({ email: 'a@b.c' }).success).toBe(false);
  });
});

describe('experience, education and skills', () => {
  it('requires a title and company, defaults the rest', () => {
    expect(experienceBodySchema.parse({ title: ' Engineer ', company: 'Acme' })).toEqual({
      title: 'Engineer',
      company: 'Acme',
      duration: null,
      description: null,
      current: false,
    });
    expect(paths(experienceBodySchema.safeParse({ title: '', company: 'Acme' }))).toEqual(['title']);
    expect(paths(experienceBodySchema.safeParse({ title: 'x'.repeat(101), company: 'Acme' }))).toEqual(['title']);
    expect(paths(experienceBodySchema.safeParse({ title: 'x' }))).toEqual(['company']);
    expect(paths(experienceBodySchema.safeParse({ title: 'x', company: 'y', duration: 'x'.repeat(61) }))).toEqual([
      'duration',
    ]);
    expect(paths(experienceBodySchema.safeParse({ title: 'x', company: 'y', current: 'yes' }))).toEqual(['current']);
    expect(experienceBodySchema.parse({ title: 'x', company: 'y', duration: 'Jan 2020 – Present' }).duration).toBe(
      'Jan 2020 – Present',
    );
  });

  it('requires a school of at most 120 characters', () => {
    expect(educationBodySchema.parse({ school: 'USP', degree: '', field: 'Physics' })).toEqual({
      school: 'USP',
      degree: null,
      field: 'Physics',
      duration: null,
    });
    expect(paths(educationBodySchema.safeParse({ school: 'x'.repeat(121) }))).toEqual(['school']);
    expect(paths(educationBodySchema.safeParse({ school: 'x', degree: 'x'.repeat(121) }))).toEqual(['degree']);
  });

  it('takes skill names of 1-50 characters', () => {
    expect(skillBodySchema.parse({ name: ' TypeScript ' })).toEqual({ name: 'TypeScript' });
    expect(paths(skillBodySchema.safeParse({ name: '' }))).toEqual(['name']);
    expect(paths(skillBodySchema.safeParse({ name: 'x'.repeat(51) }))).toEqual(['name']);
  });

  it('takes orders that name each entry once', () => {
    expect(entryOrderBodySchema.parse({ ids: ['exp_b', 'exp_a'] })).toEqual({ ids: ['exp_b', 'exp_a'] });
    expect(paths(entryOrderBodySchema.safeParse({ ids: ['exp_a', 'exp_a'] }))).toEqual(['ids']);
    expect(paths(entryOrderBodySchema.safeParse({ ids: 'exp_a' }))).toEqual(['ids']);
    expect(paths(skillOrderBodySchema.safeParse({ names: ['Go', 'go'] }))).toEqual(['names']);
    expect(skillOrderBodySchema.parse({ names: [' Go ', 'Rust'] })).toEqual({ names: ['Go', 'Rust'] });
  });
});
