import { workspaceResponseSchema, type CreateOrganisationBody, type Workspace } from '@nuvem/contracts/orgs';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { workspaceKeys, workspacesRequest } from './workspaces-request';

/** POST /api/orgs { name } -> 201 { workspace } (a verified address is required: 403 EMAIL_NOT_VERIFIED). */
export function createOrganisation(body: CreateOrganisationBody) {
  return workspacesRequest('/orgs', workspaceResponseSchema, { method: 'POST', body }).then((r) => r.workspace);
}

/** Adds a workspace just made or joined to the cached list at once, so it can be switched to before the refetch. */
export function addToWorkspaceList(queryClient: QueryClient, workspace: Workspace) {
  queryClient.setQueryData<Workspace[]>(workspaceKeys.list, (list) =>
    list ? [...list.filter((w) => w.id !== workspace.id), workspace] : list,
  );
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: (workspace) => addToWorkspaceList(queryClient, workspace),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list }),
  });
}
