import { environmentKeySchema } from '@nuvem/contracts/containers';
import { describe, expect, it } from 'vitest';
import { environmentTemplateIds, environmentTemplates, findEnvironmentTemplate } from './env-templates';
import { parseEnvironment } from './wizard-payload';

function hasEveryClass(value: string) {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[-_.:+@%^,]/].every((pattern) => pattern.test(value));
}

describe('environment templates', () => {
  it('offers the six templates of the spec', () => {
    expect(environmentTemplates.map((t) => t.id)).toEqual([...environmentTemplateIds]);
    expect(environmentTemplateIds).toEqual(['nodejs', 'python', 'database', 'redis', 'api', 'monitoring']);
  });

  it.each(environmentTemplates.map((t) => [t.id, t] as const))(
    '%s gives KEY=value lines that the wizard keeps in full, with valid variable names',
    (_id, template) => {
      const text = template.build();
      const lines = text.split('\n');
      const environment = parseEnvironment(text);
      expect(Object.keys(environment)).toHaveLength(lines.length);
      for (const key of Object.keys(environment)) expect(environmentKeySchema.safeParse(key).success).toBe(true);
    },
  );

  it('generates fresh 16-character passwords and 32-character secrets on every pick', () => {
    const first = parseEnvironment(findEnvironmentTemplate('database')!.build());
    const second = parseEnvironment(findEnvironmentTemplate('database')!.build());
    expect(first.POSTGRES_PASSWORD).toHaveLength(16);
    expect(hasEveryClass(first.POSTGRES_PASSWORD!)).toBe(true);
    expect(first.POSTGRES_PASSWORD).not.toBe(second.POSTGRES_PASSWORD);
    // The URL carries the same password, percent-encoded.
    const url = new URL(first.DATABASE_URL!);
    expect(decodeURIComponent(url.password)).toBe(first.POSTGRES_PASSWORD);

    const api = parseEnvironment(findEnvironmentTemplate('api')!.build());
    expect(api.JWT_SECRET).toHaveLength(32);
    expect(hasEveryClass(api.JWT_SECRET!)).toBe(true);
    expect(api.JWT_SECRET).not.toBe(api.API_KEY);
  });

  it('carries the sample values of the spec: rate limit 100 and log retention 30 days', () => {
    expect(parseEnvironment(findEnvironmentTemplate('api')!.build()).RATE_LIMIT_MAX).toBe('100');
    expect(parseEnvironment(findEnvironmentTemplate('monitoring')!.build()).LOG_RETENTION_DAYS).toBe('30');
  });

  it('finds nothing for an unknown id', () => {
    expect(findEnvironmentTemplate('cobol')).toBeUndefined();
  });
});
