import {
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
  apiKeySchema,
  apiKeyStatsResponseSchema,
  applicationSchema,
  type ApiKey,
  type ApiKeyStats,
  type Application,
} from '@nuvem/contracts/applications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { toast, Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, type FetchHandler } from '@/testing/mock-fetch.testing';

// Shared by this feature's component tests (not a test itself: vitest only runs *.test.*).

export const application: Application = applicationSchema.parse({
  id: 'app_1',
  app_name: 'Portal',
  client_id: 'client_1',
  created_at: '2026-01-01T00:00:00.000Z',
  redirect_uris: [],
  allowed_origins: [],
  status: 'active',
});

/** A full key as the server issues it: nuv_ + 40 base62 characters, the first 12 being the prefix. */
export function fullKey(prefix = 'nuv_AbCdEfGh'): string {
  return `${prefix}${'0123456789abcdefghijklmnopqrstuvwxyzABCD'.slice(0, 44 - prefix.length)}`;
}

export function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return apiKeySchema.parse({
    id: 'key_1',
    name: 'CI pipeline',
    description: null,
    key_prefix: 'nuv_AbCdEfGh',
    scopes: ['read', 'write'],
    rate_limit_tier: 'standard',
    usage_count: 1234,
    last_used_at: null,
    expires_at: '2099-01-01T00:00:00.000Z',
    created_at: '2026-02-01T00:00:00.000Z',
    revoked_at: null,
    revoked_reason: null,
    ...overrides,
  });
}

export function keyList(keys: ApiKey[]) {
  return apiKeyListResponseSchema.parse({ success: true, keys });
}

export function issuedKey(key: ApiKey, message = 'API key created successfully') {
  return apiKeyCreatedResponseSchema.parse({
    success: true,
    message,
    apiKey: { ...key, key: fullKey(key.key_prefix) },
  });
}

export function statsReply(stats: ApiKeyStats) {
  return apiKeyStatsResponseSchema.parse({ success: true, stats });
}

/** Radix menus and selects measure and capture the pointer, which jsdom does not do. */
export function stubBrowserGaps() {
  toast.dismiss();
}

export function renderWithProviders(ui: ReactElement, routes: Record<string, FetchHandler>) {
  const user = userEvent.setup();
  const fetchSpy = mockFetch(routes);
  const queryClient = createQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, fetchSpy, queryClient, ...utils };
}
