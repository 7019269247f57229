import { z } from 'zod';

export const PRODUCT_NAME = 'Nuvem';
export const ECOSYSTEM_APP_COUNT = 9;

/** Spec texts of the ecosystem modal. */
export const ecosystemTexts = {
  title: `${PRODUCT_NAME} Ecosystem`,
  subtitle: 'Integrated enterprise solutions for your business',
  footer: 'Access all integrated applications from one unified platform',
  allOperational: 'All systems operational',
} as const;

/**
 * `active`: up and open. `maintenance` / `inactive`: set by the operator, not clickable.
 * `degraded`: configured active, but its health check is failing right now.
 */
export const ecosystemAppStatuses = ['active', 'maintenance', 'inactive', 'degraded'] as const;
export type EcosystemAppStatus = (typeof ecosystemAppStatuses)[number];

export const ecosystemAppSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be lower-case letters, digits or dashes'),
  name: z.string().min(1).max(60),
  description: z.string().min(1).max(200),
  /** A lucide icon name in kebab-case, e.g. `folder-kanban`. */
  icon: z.string().regex(/^[a-z0-9-]{1,40}$/),
  /** A CSS hex colour, e.g. `#3b82f6`. */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour like #3b82f6'),
  url: z.url({ protocol: /^https?$/ }),
  status: z.enum(ecosystemAppStatuses),
});
export type EcosystemApp = z.infer<typeof ecosystemAppSchema>;

export const ecosystemAppsResponseSchema = z.object({
  success: z.literal(true),
  apps: z.array(ecosystemAppSchema),
});
export type EcosystemAppsResponse = z.infer<typeof ecosystemAppsResponseSchema>;
