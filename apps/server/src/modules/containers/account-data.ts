import { accountMessages } from '@nuvem/contracts/account';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../types.js';
import type { AccountDataPart } from '../account/account-data.types.js';
import { createContainersAccountDataRepository } from './account-data.repository.js';
import type { ContainersService } from './containers.service.js';

/** How long a deletion waits for the user's containers' running actions (a create, say) to end. */
export const CONTAINERS_SETTLE_MS = 60_000;
const POLL_MS = 250;

/**
 * The containers module's part of the account: the containers and the defaults in the export.
 * Before the erasure, every container is deleted through the module's own delete path (the driver
 * deletes the instance, then the row goes), waiting for any action still running on one; the
 * erasure's transaction then checks that none is left (a container created meanwhile stops it).
 */
export function createContainersAccountData(deps: {
  db: App['db'];
  containers: Pick<ContainersService, 'remove'>;
  settleMs?: number;
}): AccountDataPart {
  const repo = createContainersAccountDataRepository(deps.db);
  const settleMs = deps.settleMs ?? CONTAINERS_SETTLE_MS;

  return {
    module: 'containers',
    async exportData(owner) {
      const [rows, defaults] = await Promise.all([repo.containersOf(owner.id), repo.defaultsOf(owner.id)]);
      return {
        containers: {
          containers: rows.map((row) => ({
            id: row.id,
            name: row.name,
            description: row.description,
            tier: row.tier,
            template_id: row.templateId,
            status: row.status,
            driver: row.driver,
            instance_name: row.instanceName,
            ip_address: row.ipAddress,
            created_at: row.createdAt.toISOString(),
            updated_at: row.updatedAt.toISOString(),
          })),
          defaults: defaults
            ? { tier: defaults.tier, template_id: defaults.templateId, updated_at: defaults.updatedAt.toISOString() }
            : null,
        },
      };
    },

    async beforeErasure(owner) {
      const deadline = Date.now() + settleMs;
      for (;;) {
        const rows = await repo.containersOf(owner.id);
        if (rows.length === 0) return;
        for (const row of rows.filter((candidate) => candidate.actionInFlight === null)) {
          try {
            // Waits for the delete job (instance, then row); 'pending' if it takes longer.
            await deps.containers.remove(owner.id, row.id);
          } catch (error) {
            // Another action claimed it meanwhile, or it is gone already: the next pass sees.
            if (error instanceof AppError && (error.statusCode === 409 || error.statusCode === 404)) continue;
            throw new AppError(502, accountMessages.containersFailed, 'CONTAINERS_NOT_DELETED');
          }
        }
        if (Date.now() >= deadline) throw new AppError(409, accountMessages.containersBusy, 'CONTAINERS_BUSY');
        if ((await repo.containersOf(owner.id)).length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },

    async erase(owner, tx) {
      if ((await repo.lockAndCountRemaining(owner.id, tx)) > 0) {
        throw new AppError(409, accountMessages.containersBusy, 'CONTAINERS_BUSY');
      }
      return undefined;
    },
  };
}
