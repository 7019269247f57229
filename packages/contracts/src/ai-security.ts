import { z } from 'zod';

/** The AI security layer: spec 2 ("Security layer", "Workflow security result", the workflow errors). */
export const AI_SECURITY_MAX_PROMPT_BYTES = 32 * 1024;
/** All the texts of one workflow request together (a flow's nodes, say): each check costs CPU. */
export const AI_SECURITY_MAX_REQUEST_BYTES = 64 * 1024;

export const threatLevels = ['none', 'low', 'medium', 'high', 'critical'] as const;
export type ThreatLevel = (typeof threatLevels)[number];
export const severities = ['low', 'medium', 'high', 'critical'] as const;
export type Severity = (typeof severities)[number];

/** The rule families (and the learned classifier's own type); each violation names one. */
export const violationTypes = [
  'instruction_override',
  'jailbreak_roleplay',
  'system_prompt_extraction',
  'delimiter_injection',
  'data_exfiltration',
  'secret',
  'personal_data',
  'prompt_injection_classifier',
  'security_layer_offline',
] as const;
export type ViolationType = (typeof violationTypes)[number];

export const aiSecurityMessages = {
  blocked: 'Prompt blocked by AI Security Layer',
  offline: 'AI Security Layer unavailable - request blocked for safety',
  tooLarge: `Prompts are limited to ${String(AI_SECURITY_MAX_PROMPT_BYTES / 1024)} KB`,
  requestTooLarge: `The texts of one request are limited to ${String(AI_SECURITY_MAX_REQUEST_BYTES / 1024)} KB in total`,
} as const;

export const violationSchema = z.object({
  type: z.enum(violationTypes),
  severity: z.enum(severities),
  /** What was found, in words. */
  message: z.string(),
  /**
   * Where in the prompt as sent (UTF-16 offsets) and the text there, with any secret masked. For a
   * payload found after decoding (base64, hex, rot13, URL encoding), the span of the encoded text.
   */
  evidence: z.object({ start: z.number().int(), end: z.number().int(), text: z.string() }),
  /** How the text was decoded before this was found, when it was: 'base64', 'hex', 'rot13', 'url'. */
  decoded_from: z.string().optional(),
  /** Which input of a request held it, when a request has several (a flow's name, a node's config…). */
  field: z.string().optional(),
});
export type Violation = z.infer<typeof violationSchema>;

export const validatePromptBodySchema = z.object({
  prompt: z.string({ error: 'must be a string' }),
});
export type ValidatePromptBody = z.infer<typeof validatePromptBodySchema>;

/** POST /api/ai-security/validate-prompt: the spec's three fields. */
export const validatePromptResponseSchema = z.object({
  safe: z.boolean(),
  violations: z.array(violationSchema),
  threat_level: z.enum(threatLevels),
});
export type ValidatePromptResponse = z.infer<typeof validatePromptResponseSchema>;

/** The error a blocked workflow request answers (HTTP 422), and the fail-closed one (HTTP 503). */
export const securityErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(['PROMPT_BLOCKED', 'SECURITY_LAYER_OFFLINE']),
  violations: z.array(violationSchema),
  threat_level: z.enum(threatLevels),
});
export type SecurityError = z.infer<typeof securityErrorSchema>;

export function threatRank(level: ThreatLevel): number {
  return threatLevels.indexOf(level);
}

export const securitySources = [
  'validate-prompt',
  'flow.create',
  'flow.execute',
  'chat.message',
  'agent.output',
  /** A knowledge-base document when it was added. */
  'knowledge.document',
  /** A passage retrieved from the knowledge base before an agent reads it. */
  'knowledge.passage',
  /** Conversation history the portal did not write (sent by the client) before an agent reads it. */
  'chat.history',
] as const;
export type SecuritySourceName = (typeof securitySources)[number];
export const securityOutcomes = ['blocked', 'offline', 'flagged'] as const;

/** One recorded block (or flagged output), as the dashboard's Security tab lists it. */
export const securityEventSchema = z.object({
  id: z.string(),
  flow_id: z.string().nullable(),
  source: z.enum(securitySources),
  outcome: z.enum(securityOutcomes),
  threat_level: z.enum(threatLevels),
  violation_types: z.array(z.string()),
  /** HMAC-SHA256 of the text (keyed per installation), so a repeated attempt is recognisable without keeping it. */
  text_sha256: z.string(),
  /** At most 160 characters around the first finding, secrets and personal data redacted. */
  excerpt: z.string(),
  created_at: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/ai-security/events: the caller's recent records and the counts per day over `days`. */
export const securityEventsResponseSchema = z.object({
  events: z.array(securityEventSchema),
  total: z.number().int(),
  by_day: z.array(z.object({ day: z.string(), blocked: z.number().int(), flagged: z.number().int() })),
  by_type: z.array(z.object({ type: z.string(), count: z.number().int() })),
});
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;

/** Classifier probability cut-offs per severity (a score at or above a cut-off has that severity). */
export const securityThresholdsSchema = z.object({
  low: z.number(),
  medium: z.number(),
  high: z.number(),
  critical: z.number(),
});

/**
 * GET /api/ai-security/policy: what this deployment blocks on. `thresholds.text` are the
 * classifier's cut-offs for a whole text (the committed ones with AI_SECURITY_THRESHOLDS over them),
 * `thresholds.window` those for the best 128-character window of a long text. With the `http` layer
 * the remote layer decides on prompts; the rest still applies to this server's own scans (agent
 * outputs, documents).
 */
export const securityPolicyResponseSchema = z.object({
  layer: z.enum(['in-process', 'http']),
  /** AI_SECURITY_BLOCK_AT: a text is blocked from this severity up. */
  block_at: z.enum(severities),
  thresholds: z.object({ text: securityThresholdsSchema, window: securityThresholdsSchema }),
  checks_per_minute: z.number().int(),
  max_prompt_bytes: z.number().int(),
  /** What each severity means, and whether this deployment blocks it. */
  severities: z.array(z.object({ level: z.enum(severities), blocked: z.boolean(), meaning: z.string() })),
  /** The rule families (and the classifier), each with what it looks for. */
  rule_families: z.array(z.object({ type: z.enum(violationTypes), description: z.string() })),
});
export type SecurityPolicy = z.infer<typeof securityPolicyResponseSchema>;

/** A false-alarm report's comment, at most this many characters. */
export const SECURITY_REPORT_COMMENT_MAX = 500;

/**
 * POST /api/ai-security/reports: "this text was blocked (or flagged) and should not have been".
 * The prompt is checked again and kept only as a keyed hash and a redacted excerpt.
 */
export const securityReportBodySchema = z.object({
  prompt: z.string({ error: 'must be a string' }).min(1, 'is required'),
  source: z.enum(securitySources),
  comment: z
    .string({ error: 'must be a string' })
    .trim()
    .max(SECURITY_REPORT_COMMENT_MAX, `must be at most ${String(SECURITY_REPORT_COMMENT_MAX)} characters`)
    .default(''),
});
export type SecurityReportBody = z.input<typeof securityReportBodySchema>;

/** A false-alarm report as its author sees it: never the text, only its fingerprint and an excerpt. */
export const securityReportSchema = z.object({
  id: z.string(),
  source: z.enum(securitySources),
  /** What the detector in process finds in the text now. */
  threat_level: z.enum(threatLevels),
  violation_types: z.array(z.string()),
  /** HMAC-SHA256 of the text, the same keyed hash as the records': the same text, the same value. */
  text_sha256: z.string(),
  /** At most 160 characters of what was found, secrets, personal data and address paths redacted. */
  excerpt: z.string(),
  comment: z.string(),
  created_at: z.string(),
});
export type SecurityReport = z.infer<typeof securityReportSchema>;

export const securityReportsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/ai-security/reports: the caller's own reports, newest first. */
export const securityReportsResponseSchema = z.object({ reports: z.array(securityReportSchema) });
export type SecurityReportsResponse = z.infer<typeof securityReportsResponseSchema>;
