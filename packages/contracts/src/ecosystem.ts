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
 * `degraded`: configured active, but the server's check of its address is failing right now.
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

/**
 * What the server's last check of an app's address found: `operational` (it answered),
 * `unreachable` (no answer in time, or a server error), `unknown` (not checked: not active, or the
 * first check still running).
 */
export const ecosystemReachabilities = ['operational', 'unreachable', 'unknown'] as const;
export type EcosystemReachability = (typeof ecosystemReachabilities)[number];

/** An app as listed: its entry and the server's last check (absent from an older server: unknown). */
export const ecosystemAppListedSchema = ecosystemAppSchema.extend({
  reachability: z.enum(ecosystemReachabilities).default('unknown'),
  /** When that check ended; null when never checked. */
  checked_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type EcosystemApp = z.infer<typeof ecosystemAppListedSchema>;

export const ecosystemAppsResponseSchema = z.object({
  success: z.literal(true),
  apps: z.array(ecosystemAppListedSchema),
});
export type EcosystemAppsResponse = z.infer<typeof ecosystemAppsResponseSchema>;
