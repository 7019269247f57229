import { z } from 'zod';
import { env } from '@/config/env';
import type { ApiRequestOptions } from '@/lib/api-client';
import { workspacesRequest } from './workspaces-request';

/**
 * A call of the settings page to the orgs API (`/api/orgs/:id/...`, `/api/rbac/...`). The
 * organisation is the path's id, so no organisation header is sent: the page works whichever
 * workspace the portal is acting in.
 */
export function orgsRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  return workspacesRequest(path, schema, options);
}

/** '/orgs/wsp_1/members/usr_2', each segment encoded. */
export function orgPath(organisationId: string, ...segments: string[]): string {
  return ['/orgs', organisationId, ...segments]
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/');
}

/** The address of an organisation API path, for a link the browser follows itself (CSV export). */
export function orgsUrl(path: string): string {
  return `${env.profileApiUrl}${path}`;
}

/** The contracts' `{ success: true }` reply of a DELETE (members, invitations). */
export const deletedResponseSchema = z.object({ success: z.literal(true) });

/**
 * Query keys. Everything about organisations sits under `['orgs']` (the switcher's list is
 * `['orgs', 'list']`): a change (rename, role, invitation, removal) invalidates that root, so the
 * seats, the members, the invitations, the audit log and the switcher follow together.
 */
export const orgSettingsKeys = {
  all: ['orgs'] as const,
  organisation: (id: string) => ['orgs', id] as const,
  members: (id: string) => ['orgs', id, 'members'] as const,
  invitations: (id: string) => ['orgs', id, 'invitations'] as const,
  audit: (id: string, filters: unknown) => ['orgs', id, 'audit', filters] as const,
  roles: ['rbac', 'roles'] as const,
};
