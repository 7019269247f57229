import { createContainerActions } from './containers.actions.js';
import { createContainersContext, type ContainersDeps } from './containers.context.js';
import { createContainerProvisioning } from './containers.provisioning.js';
import { createContainerSampler } from './containers.sampler.js';
import { createContainerViews } from './containers.views.js';

export { containerJobs, type ContainersDeps } from './containers.context.js';
export type { CreateInput, ProvisionInput } from './containers.provisioning.js';

/**
 * The containers service (`app.containers`), one use case per file:
 * - views (`containers.views.ts`): defaults, summary, list, one container, metrics, history, logs;
 * - provisioning (`containers.provisioning.ts`): create and its job;
 * - actions (`containers.actions.ts`): edit, start/stop/restart/snapshot/scale and delete, and their jobs;
 * - sampler (`containers.sampler.ts`): metrics points, reconciliation, stale actions, roll-up.
 * What they share (the fleet view, how a row is shown and changed) is `containers.context.ts`; the
 * SQL is `containers.repository.ts`.
 */
export function createContainersService(deps: ContainersDeps) {
  const ctx = createContainersContext(deps);
  const views = createContainerViews(ctx);
  const provisioning = createContainerProvisioning(ctx);
  const actions = createContainerActions(ctx);
  const sampler = createContainerSampler(ctx);
  return {
    driverKind: deps.driver.kind,
    /** The driver itself, for the sampler and for tests that change instances behind the portal. */
    driver: deps.driver,

    getDefaults: views.getDefaults,
    saveDefaults: views.saveDefaults,
    summary: views.summary,
    list: views.list,
    get: views.get,
    metrics: views.metrics,
    history: views.history,
    logs: views.logs,

    create: provisioning.create,
    runProvision: provisioning.runProvision,

    update: actions.update,
    act: actions.act,
    runAction: actions.runAction,
    remove: actions.remove,
    runDelete: actions.runDelete,

    sampleOnce: sampler.sampleOnce,
    failStale: sampler.failStale,
    rollUp: sampler.rollUp,
  };
}
export type ContainersService = ReturnType<typeof createContainersService>;
