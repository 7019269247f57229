import { generatePassword, generateSecret } from './random-secrets';

/**
 * Spec: environment templates nodejs, python, database, redis, api, monitoring, with sample
 * variables and random passwords and secrets (spec: rate limit 100, log retention 30 days).
 * `build()` makes fresh secrets on every call, so picking a template twice never reuses one.
 */
export interface EnvironmentTemplate {
  id: EnvironmentTemplateId;
  build: () => string;
}

export const environmentTemplateIds = ['nodejs', 'python', 'database', 'redis', 'api', 'monitoring'] as const;
export type EnvironmentTemplateId = (typeof environmentTemplateIds)[number];

function envText(entries: [string, string | number][]): string {
  return entries.map(([key, value]) => `${key}=${value}`).join('\n');
}

export const environmentTemplates: EnvironmentTemplate[] = [
  {
    id: 'nodejs',
    build: () =>
      envText([
        ['NODE_ENV', 'production'],
        ['PORT', 3000],
        ['HOST', '0.0.0.0'],
        ['LOG_LEVEL', 'info'],
        ['SESSION_SECRET', generateSecret()],
        ['JWT_SECRET', generateSecret()],
      ]),
  },
  {
    id: 'python',
    build: () =>
      envText([
        ['PYTHONUNBUFFERED', 1],
        ['PYTHONDONTWRITEBYTECODE', 1],
        ['APP_ENV', 'production'],
        ['PORT', 8000],
        ['WORKERS', 2],
        ['SECRET_KEY', generateSecret()],
      ]),
  },
  {
    id: 'database',
    build: () => {
      const password = generatePassword();
      return envText([
        ['POSTGRES_HOST', 'localhost'],
        ['POSTGRES_PORT', 5432],
        ['POSTGRES_DB', 'app'],
        ['POSTGRES_USER', 'app'],
        ['POSTGRES_PASSWORD', password],
        // Percent-encoded: the password may hold '@' or ':'.
        ['DATABASE_URL', `postgresql://app:${encodeURIComponent(password)}@localhost:5432/app`],
      ]);
    },
  },
  {
    id: 'redis',
    build: () => {
      const password = generatePassword();
      return envText([
        ['REDIS_HOST', 'localhost'],
        ['REDIS_PORT', 6379],
        ['REDIS_DB', 0],
        ['REDIS_PASSWORD', password],
        ['REDIS_URL', `redis://:${encodeURIComponent(password)}@localhost:6379/0`],
        ['CACHE_TTL_SECONDS', 3600],
      ]);
    },
  },
  {
    id: 'api',
    build: () =>
      envText([
        ['API_PORT', 8080],
        ['API_BASE_PATH', '/api/v1'],
        ['API_KEY', generateSecret()],
        ['JWT_SECRET', generateSecret()],
        ['JWT_EXPIRES_IN', '1h'],
        ['CORS_ORIGINS', 'https://example.com'],
        ['RATE_LIMIT_MAX', 100],
        ['RATE_LIMIT_WINDOW_SECONDS', 60],
      ]),
  },
  {
    id: 'monitoring',
    build: () =>
      envText([
        ['LOG_LEVEL', 'info'],
        ['LOG_FORMAT', 'json'],
        ['LOG_RETENTION_DAYS', 30],
        ['METRICS_ENABLED', 'true'],
        ['METRICS_PORT', 9100],
        ['HEALTHCHECK_PATH', '/healthz'],
        ['GRAFANA_ADMIN_PASSWORD', generatePassword()],
      ]),
  },
];

export function findEnvironmentTemplate(id: string): EnvironmentTemplate | undefined {
  return environmentTemplates.find((t) => t.id === id);
}
