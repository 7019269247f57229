import { workspaceResponseSchema } from '@nuvem/contracts/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';

/** PATCH /api/orgs/:id { name } -> { workspace } (members:manage). */
export function renameOrganisation({ organisationId, name }: { organisationId: string; name: string }) {
  return orgsRequest(orgPath(organisationId), workspaceResponseSchema, { method: 'PATCH', body: { name } }).then(
    (r) => r.workspace,
  );
}

export function useRenameOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameOrganisation,
    onSuccess: (workspace) => queryClient.setQueryData(orgSettingsKeys.organisation(workspace.id), workspace),
    // The switcher's list shows the name too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgSettingsKeys.all }),
  });
}
