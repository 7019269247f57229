import { z } from 'zod';

// Base addresses of the services the portal talks to; all on the portal's own origin by default.
const envSchema = z.object({
  VITE_AUTH_URL: z.string().default(''),
  VITE_CONTAINER_API_URL: z.string().default('/api/v1'),
  VITE_PROFILE_API_URL: z.string().default('/api'),
  VITE_PAYMENTS_API_URL: z.string().default('/api/payments'),
  VITE_EVENTS_API_URL: z.string().default('/api/public/events'),
  VITE_WORKFLOWS_API_URL: z.string().default('/api/mlm'),
  VITE_AI_SECURITY_API_URL: z.string().default('/api/ai-security'),
  VITE_REALTIME_URL: z.string().default('/api/realtime/events'),
});

const parsed = envSchema.parse(import.meta.env);

export const env = {
  authUrl: parsed.VITE_AUTH_URL,
  containerApiUrl: parsed.VITE_CONTAINER_API_URL,
  profileApiUrl: parsed.VITE_PROFILE_API_URL,
  paymentsApiUrl: parsed.VITE_PAYMENTS_API_URL,
  eventsApiUrl: parsed.VITE_EVENTS_API_URL,
  workflowsApiUrl: parsed.VITE_WORKFLOWS_API_URL,
  aiSecurityApiUrl: parsed.VITE_AI_SECURITY_API_URL,
  realtimeUrl: parsed.VITE_REALTIME_URL,
} as const;
