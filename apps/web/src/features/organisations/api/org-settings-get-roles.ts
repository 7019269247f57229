import { rolesResponseSchema } from '@nuvem/contracts/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orgSettingsKeys, orgsRequest } from './org-settings-request';

/** GET /api/rbac/roles -> { roles: [{ id, description, permissions }] }: fixed, so read once. */
export function getRoles() {
  return orgsRequest('/rbac/roles', rolesResponseSchema).then((r) => r.roles);
}

export function getRolesQueryOptions() {
  return queryOptions({ queryKey: orgSettingsKeys.roles, queryFn: getRoles, staleTime: Infinity });
}

export function useRoles() {
  return useQuery(getRolesQueryOptions());
}
