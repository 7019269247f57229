import { orgMessages } from '@nuvem/contracts/orgs';
import { AppError } from '../../lib/errors.js';
import type { OrgsApi } from '../orgs/orgs.types.js';
import type { AccountDataPart } from './account-data.types.js';

/**
 * The account's organisations, through `app.orgs` (the orgs module owns their tables): the
 * memberships in the export; and no deletion while the user owns one, since an organisation
 * must never be left without an owner. The memberships themselves go with the user row (cascade).
 */
export function createMembershipsAccountData(deps: {
  orgs: Pick<OrgsApi, 'ownerships' | 'membershipsOf'>;
}): AccountDataPart {
  return {
    module: 'orgs',
    async exportData(owner) {
      const memberships = await deps.orgs.membershipsOf(owner.id);
      return {
        memberships: memberships.map((membership) => ({
          organisation_id: membership.id,
          name: membership.name,
          role: membership.role,
          joined_at: membership.joinedAt.toISOString(),
        })),
      };
    },
    async beforeErasure(owner) {
      const owned = await deps.orgs.ownerships(owner.id);
      if (owned.length > 0) throw new AppError(409, orgMessages.ownsOrganisations, 'ORGANISATION_OWNER');
    },
  };
}
