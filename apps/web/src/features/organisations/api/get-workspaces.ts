import { workspacesResponseSchema } from '@nuvem/contracts/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceKeys, workspacesRequest } from './workspaces-request';

/** GET /api/orgs -> { success, workspaces }: the personal workspace first, then each organisation. */
export function getWorkspaces() {
  return workspacesRequest('/orgs', workspacesResponseSchema).then((r) => r.workspaces);
}

export function getWorkspacesQueryOptions() {
  return queryOptions({ queryKey: workspaceKeys.list, queryFn: getWorkspaces });
}

export function useWorkspaces({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWorkspacesQueryOptions(), enabled });
}
