import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deletedResponseSchema, orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';
import { workspaceKeys } from './workspaces-request';

/**
 * DELETE /api/orgs/:id -> { success } (owners only). 409 ORGANISATION_NOT_EMPTY while it holds
 * containers or a paid plan.
 */
export function deleteOrganisation(organisationId: string) {
  return orgsRequest(orgPath(organisationId), deletedResponseSchema, { method: 'DELETE' });
}

/**
 * Deletes the organisation. The list of workspaces is not refreshed here but by
 * `useForgetDeletedOrganisation`, once the portal has left it: refreshed before, the list would no
 * longer name the organisation the address still asks for, and the switcher would call it "not one
 * of yours".
 */
export function useDeleteOrganisation() {
  return useMutation({ mutationKey: workspaceKeys.leaving, mutationFn: deleteOrganisation });
}

/** Drops what was known of a deleted organisation and asks for the list of workspaces again. */
export function useForgetDeletedOrganisation() {
  const queryClient = useQueryClient();
  return useCallback(
    (organisationId: string) => {
      queryClient.removeQueries({ queryKey: orgSettingsKeys.organisation(organisationId) });
      void queryClient.invalidateQueries({ queryKey: orgSettingsKeys.all });
    },
    [queryClient],
  );
}
