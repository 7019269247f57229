import type { z } from 'zod';
import { env } from '@/config/env';
import { apiRequest, type ApiRequestOptions } from '@/lib/api-client';

/**
 * A call about workspaces themselves (`/api/orgs`, `/api/invitations`): it belongs to no workspace,
 * so it sends no organisation header (a member removed from the current organisation can still
 * list where they belong and fall back to their personal workspace).
 */
export function workspacesRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  return apiRequest(`${env.profileApiUrl}${path}`, schema, { ...options, workspace: false });
}

/** Query keys. The list sits under `['orgs']`, so whatever changes an organisation refreshes the switcher too. */
export const workspaceKeys = {
  list: ['orgs', 'list'] as const,
  invitationPreview: (token: string) => ['invitations', 'preview', token] as const,
  /**
   * The mutations by which this browser leaves an organisation (deleting it, leaving it): their
   * variables name it. The workspace provider leaves it by itself only when it was not asked here.
   */
  leaving: ['orgs', 'leaving'] as const,
};

/** The organisation a `leaving` mutation's variables name (an id, or `{ organisationId }`). */
export function organisationLeft(variables: unknown): string | null {
  if (typeof variables === 'string') return variables;
  if (typeof variables === 'object' && variables !== null && 'organisationId' in variables) {
    return typeof variables.organisationId === 'string' ? variables.organisationId : null;
  }
  return null;
}
