import { readFile } from 'node:fs/promises';
import { ecosystemAppSchema } from '@nuvem/contracts/ecosystem';
import { z } from 'zod';
import { defaultEcosystemApps } from './default-apps.js';

/**
 * An app as configured: the public fields, optionally a health URL polled by the server, and the
 * description in European Portuguese (`translations["pt-PT"].description`), listed to a reader who
 * asks in Portuguese (without it they get `description`).
 */
export const ecosystemAppConfigSchema = ecosystemAppSchema.extend({
  status: z.enum(['active', 'maintenance', 'inactive']),
  health_url: z.url({ protocol: /^https?$/ }).optional(),
  translations: z
    .object({ 'pt-PT': z.object({ description: ecosystemAppSchema.shape.description }) })
    .partial()
    .optional(),
});
export type EcosystemAppConfig = z.infer<typeof ecosystemAppConfigSchema>;

const fileSchema = z.object({
  apps: z
    .array(ecosystemAppConfigSchema)
    .min(1)
    .max(50)
    .refine((apps) => new Set(apps.map((a) => a.id)).size === apps.length, 'app ids must be unique'),
});

/** The configured apps: ECOSYSTEM_FILE when set (a clear error when it is unreadable or invalid), else the defaults. */
export async function loadEcosystemApps(file: string | null, portalUrl: string): Promise<EcosystemAppConfig[]> {
  if (!file) return defaultEcosystemApps(portalUrl);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`ECOSYSTEM_FILE ${file}: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ');
    throw new Error(`ECOSYSTEM_FILE ${file} is invalid: ${problems}`);
  }
  return parsed.data.apps;
}
