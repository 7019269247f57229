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

/**
 * The limits and patterns the server checks, exported so the web app's hints and checks say the
 * same (never a restated literal): change one here and both follow.
 */
export const CONTAINER_NAME_MAX_LENGTH = 63;
/** Lowercase letters, digits and hyphens, starting with a letter (an LXD-safe host name). */
export const CONTAINER_NAME_PATTERN = /^[a-z][a-z0-9-]*$/;
export const CONTAINER_DESCRIPTION_MAX_LENGTH = 500;
export const SNAPSHOT_NAME_MAX_LENGTH = 63;
/** Letters, digits and hyphens, starting with a letter or digit, at most SNAPSHOT_NAME_MAX_LENGTH. */
export const SNAPSHOT_NAME_PATTERN = new RegExp(`^[a-zA-Z0-9][a-zA-Z0-9-]{0,${SNAPSHOT_NAME_MAX_LENGTH - 1}}$`);
export const ROOT_PASSWORD_MIN_LENGTH = 8;
export const ROOT_PASSWORD_MAX_LENGTH = 128;
export const MAX_SSH_KEYS = 20;
export const SSH_KEY_MAX_LENGTH = 16_384;
export const MAX_ENVIRONMENT_VARIABLES = 100;
export const ENVIRONMENT_KEY_MAX_LENGTH = 128;
export const ENVIRONMENT_VALUE_MAX_LENGTH = 4096;
/** A shell variable name: letters, digits and '_', not starting with a digit. */
export const ENVIRONMENT_KEY_PATTERN = new RegExp(`^[A-Za-z_][A-Za-z0-9_]{0,${ENVIRONMENT_KEY_MAX_LENGTH - 1}}$`);
export const CONTAINER_LOG_LINES_MAX = 5000;

/** Answers (409 LIMIT_REACHED) when a new container or a larger tier would pass the user's quota. */
export const containerLimitMessages = {
  containers: (limit: number) =>
    `You have reached the limit of ${limit} containers. Delete one or contact support to raise it.`,
  vcpus: (limit: number, inUse: number) =>
    `This would pass your limit of ${limit} vCPUs (${inUse} in use). Delete or scale down a container, or contact support to raise it.`,
  memory: (limitGb: number, inUseGb: number) =>
    `This would pass your limit of ${limitGb} GB of memory (${inUseGb} GB in use). Delete or scale down a container, or contact support to raise it.`,
};

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
  .min(1, 'is required')
  .max(CONTAINER_NAME_MAX_LENGTH, `must be at most ${CONTAINER_NAME_MAX_LENGTH} characters`)
  .regex(CONTAINER_NAME_PATTERN, 'must use lowercase letters, numbers and hyphens only, starting with a letter');

export const environmentKeySchema = z
  .string()
  .regex(ENVIRONMENT_KEY_PATTERN, 'must be a valid variable name (letters, digits, _; not starting with a digit)');

export const sshPublicKeySchema = z
  .string()
  .max(SSH_KEY_MAX_LENGTH)
  .refine(isOpenSshPublicKey, 'each SSH key must be an OpenSSH public key');

export const rootPasswordSchema = z
  .string()
  .min(ROOT_PASSWORD_MIN_LENGTH)
  .max(ROOT_PASSWORD_MAX_LENGTH)
  .regex(/^[^\r\n]*$/, 'must be on one line');

export const snapshotNameSchema = z
  .string()
  .regex(SNAPSHOT_NAME_PATTERN, `must use letters, digits and hyphens, at most ${SNAPSHOT_NAME_MAX_LENGTH}`);

export const containerDescriptionSchema = z.string().trim().max(CONTAINER_DESCRIPTION_MAX_LENGTH);

/** The creation payload of the spec, checked on the server as the spec's rules say. */
export const createContainerBodySchema = z.object({
  name: containerNameSchema,
  tier: z.enum(tierNames).default(DEFAULT_TIER),
  template_id: z.enum(templateIds).default(''),
  ssh_keys: z.array(sshPublicKeySchema).max(MAX_SSH_KEYS).optional(),
  environment: z
    .record(environmentKeySchema, z.string().max(ENVIRONMENT_VALUE_MAX_LENGTH))
    .refine(
      (env) => Object.keys(env).length <= MAX_ENVIRONMENT_VARIABLES,
      `must have at most ${MAX_ENVIRONMENT_VARIABLES} variables`,
    )
    .optional(),
  startup_script: z
    .string()
    .refine(
      (s) => new TextEncoder().encode(s).length <= MAX_STARTUP_SCRIPT_BYTES,
      `must be at most ${MAX_STARTUP_SCRIPT_BYTES / 1024} KiB`,
    )
    .optional(),
  root_password: rootPasswordSchema.optional(),
  description: containerDescriptionSchema.optional(),
});
export type CreateContainerBody = z.input<typeof createContainerBodySchema>;

/** The list's metrics of a container (percentages and MB), as the spec names them. */
export const containerMetricsSummarySchema = z.object({
  cpu_usage: z.number(),
  memory_usage: z.number(),
  disk_usage: z.number(),
  network_rx_mb: z.number(),
  network_tx_mb: z.number(),
  processes: z.number().int(),
});

export const containerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(containerStatuses),
  status_reason: z.string().nullable(),
  tier: z.enum(tierNames),
  template_id: z.string(),
  driver: z.enum(['lxd', 'demo']),
  ssh_command: z.string(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  metrics: containerMetricsSummarySchema,
});
export type Container = z.infer<typeof containerSchema>;

export const containerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(CONTAINER_PAGE_SIZE),
  status: z.enum(containerStatuses).optional(),
});

export const containerListResponseSchema = z.object({
  success: z.literal(true),
  containers: z.array(containerSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
});

export const containerResponseSchema = z.object({ success: z.literal(true), container: containerSchema });
export const containerIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const updateContainerBodySchema = z
  .object({ description: containerDescriptionSchema.nullable().optional() })
  .strict();

/** A snapshot's parameters: a name, else the server names it snap-<time>. */
export const snapshotParametersSchema = z.object({ name: snapshotNameSchema.optional() });
/** A scale's parameters: the new tier (the server refuses the current one with 409 SAME_TIER). */
export const scaleParametersSchema = z.object({ tier: z.enum(tierNames) });

export const containerActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), parameters: z.object({}).optional() }),
  z.object({ action: z.literal('stop'), parameters: z.object({}).optional() }),
  z.object({ action: z.literal('restart'), parameters: z.object({}).optional() }),
  z.object({ action: z.literal('snapshot'), parameters: snapshotParametersSchema.optional() }),
  z.object({ action: z.literal('scale'), parameters: scaleParametersSchema }),
]);
export type ContainerActionBody = z.infer<typeof containerActionBodySchema>;

export const containerActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  container: containerSchema,
});

export const containerMetricsSchema = z.object({
  cpu_usage: z.number(),
  memory_usage: z.number(),
  memory_used_mb: z.number(),
  memory_total_mb: z.number(),
  disk_usage: z.number(),
  disk_used_gb: z.number(),
  disk_total_gb: z.number(),
  processes: z.number().int(),
  network_rx_mb: z.number(),
  network_tx_mb: z.number(),
});
export const containerMetricsResponseSchema = z.object({ success: z.literal(true), metrics: containerMetricsSchema });

export const containerLogsQuerySchema = z.object({
  lines: z.coerce.number().int().min(1).max(CONTAINER_LOG_LINES_MAX).default(CONTAINER_LOG_LINES),
});
export const containerLogsResponseSchema = z.object({ success: z.literal(true), logs: z.array(z.string()) });

export const containerTiersResponseSchema = z.object({
  success: z.literal(true),
  tiers: z.array(
    z.object({
      id: z.enum(tierNames),
      cpu: z.number(),
      memory_gb: z.number(),
      disk_gb: z.number(),
      monthly_usd: z.number(),
    }),
  ),
});
export const containerTemplatesResponseSchema = z.object({
  success: z.literal(true),
  templates: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** A user's defaults for new containers: the wizard starts from them (Settings tab). */
export const containerDefaultsSchema = z.object({
  tier: z.enum(tierNames),
  template_id: z.enum(templateIds),
});
export type ContainerDefaults = z.infer<typeof containerDefaultsSchema>;
export const containerDefaultsBodySchema = containerDefaultsSchema.strict();
export const containerDefaultsResponseSchema = z.object({
  success: z.literal(true),
  defaults: containerDefaultsSchema,
});

export const containerDriverResponseSchema = z.object({ success: z.literal(true), driver: z.enum(['lxd', 'demo']) });

export const metricsHistoryPointSchema = z.object({
  at: z.string(),
  cpu_usage: z.number(),
  memory_usage: z.number(),
  disk_usage: z.number(),
  network_rx_mb: z.number(),
  network_tx_mb: z.number(),
  processes: z.number(),
});
export type MetricsHistoryPoint = z.infer<typeof metricsHistoryPointSchema>;
export const metricsHistoryResponseSchema = z.object({
  success: z.literal(true),
  range: z.enum(metricRanges),
  points: z.array(metricsHistoryPointSchema),
});

/** The Overview tab's figures over all of a user's containers. */
export const containerSummarySchema = z.object({
  total: z.number().int(),
  running: z.number().int(),
  stopped: z.number().int(),
  avg_cpu_usage: z.number(),
  avg_memory_usage: z.number(),
  avg_disk_usage: z.number(),
  network_total_mb: z.number(),
  /** How many running containers the averages cover (those sampled in the last five minutes). */
  sampled_containers: z.number().int(),
});
export type ContainerSummary = z.infer<typeof containerSummarySchema>;
export const containerSummaryResponseSchema = z.object({ success: z.literal(true), summary: containerSummarySchema });
