import { z } from 'zod';

/** Spec: tiers with their resources and monthly cost. */
export const containerTiers = {
  small: { cpu: 1, memoryGb: 1, diskGb: 10, monthlyUsd: 5 },
  medium: { cpu: 1, memoryGb: 2, diskGb: 50, monthlyUsd: 10 },
  large: { cpu: 2, memoryGb: 4, diskGb: 100, monthlyUsd: 20 },
} as const;
export const tierNames = ['small', 'medium', 'large'] as const;
export type ContainerTier = (typeof tierNames)[number];
export const DEFAULT_TIER: ContainerTier = 'small';

/** Spec: container templates; the default (Ubuntu 24.04) has the empty id. */
export const containerTemplates = [
  { id: '', name: 'Ubuntu 24.04' },
  { id: 'nodejs-18', name: 'Node.js 18' },
  { id: 'python-3.11', name: 'Python 3.11' },
  { id: 'go-1.21', name: 'Go 1.21' },
  { id: 'rust-latest', name: 'Rust (latest)' },
  { id: 'docker', name: 'Docker' },
] as const;
export type ContainerTemplateId = (typeof containerTemplates)[number]['id'];
export const templateIds = containerTemplates.map((t) => t.id) as [ContainerTemplateId, ...ContainerTemplateId[]];

export const containerStatuses = ['running', 'stopped', 'starting', 'stopping', 'error'] as const;
export type ContainerStatus = (typeof containerStatuses)[number];

export const containerActions = ['start', 'stop', 'restart', 'snapshot', 'scale'] as const;
export type ContainerAction = (typeof containerActions)[number];

/** Spec constants. */
export const CONTAINER_PAGE_SIZE = 10;
export const CONTAINER_LOG_LINES = 100;
export const CONTAINER_LIST_REFRESH_MS = 30_000;
export const metricRanges = ['1h', '6h', '24h', '7d', '30d'] as const;
export type MetricRange = (typeof metricRanges)[number];
export const alertThresholds = { cpu: 80, memory: 90, disk: 85 } as const;
export const MAX_STARTUP_SCRIPT_BYTES = 64 * 1024;

/** Spec: as typed, the name is lower-cased and anything but a-z, 0-9 and '-' is removed. */
export function sanitizeContainerName(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** Spec: metric colour: under 50 green, under 80 yellow, otherwise red. */
export function metricColour(percent: number): 'green' | 'yellow' | 'red' {
  if (percent < 50) return 'green';
  if (percent < 80) return 'yellow';
  return 'red';
}

const openSshKeyTypes = [
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
];

/**
 * An OpenSSH public key line: a known type, base64 key data whose first field repeats the type,
 * and an optional comment.
 */
export function isOpenSshPublicKey(line: string): boolean {
  const [type, data, ...rest] = line.trim().split(/\s+/);
  if (!type || !data || !openSshKeyTypes.includes(type) || rest.join(' ').length > 256) return false;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) return false;
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  if (bytes.length < 4 + type.length) return false;
  const length = ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  if (length !== type.length) return false;
  return new TextDecoder().decode(bytes.slice(4, 4 + length)) === type;
}

export const containerNameSchema = z
  .string()
  .min(1, 'name: is required')
  .max(63, 'name: must be at most 63 characters')
  .regex(/^[a-z][a-z0-9-]*$/, 'name: lowercase letters, numbers and hyphens only, starting with a letter');

export const environmentKeySchema = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]{0,127}$/,
    'must be a valid variable name (letters, digits, _; not starting with a digit)',
  );

/** The creation payload of the spec, checked on the server as the spec's rules say. */
export const createContainerBodySchema = z.object({
  name: containerNameSchema,
  tier: z.enum(tierNames).default(DEFAULT_TIER),
  template_id: z.enum(templateIds).default(''),
  ssh_keys: z
    .array(z.string().max(16_384).refine(isOpenSshPublicKey, 'each SSH key must be an OpenSSH public key'))
    .max(20)
    .optional(),
  environment: z
    .record(environmentKeySchema, z.string().max(4096))
    .refine((env) => Object.keys(env).length <= 100, 'at most 100 variables')
    .optional(),
  startup_script: z
    .string()
    .refine((s) => new TextEncoder().encode(s).length <= MAX_STARTUP_SCRIPT_BYTES, 'must be at most 64 KiB')
    .optional(),
  root_password: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
  description: z.string().trim().max(500).optional(),
});
export type CreateContainerBody = z.input<typeof createContainerBodySchema>;
