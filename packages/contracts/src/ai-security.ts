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
] as const;
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
