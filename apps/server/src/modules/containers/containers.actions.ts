import {
  containerTiers,
  type Container,
  type ContainerActionBody,
  type ContainerStatus,
} from '@nuvem/contracts/containers';
import { AppError } from '../../lib/errors.js';
import { containerJobs, type ContainersContext } from './containers.context.js';
import type { ContainerChanges, ContainerRow } from './containers.repository.js';
import { assertWithinQuota } from './quota.js';

/** How long an action's reply waits for its job before answering 202 (the job goes on). */
const ACTION_REPLY_WAIT_MS = 25_000;

/** Which statuses each action may start from. */
const allowedFrom: Record<ContainerActionBody['action'], ContainerStatus[]> = {
  start: ['stopped', 'error'],
  stop: ['running', 'starting', 'error'],
  restart: ['running', 'stopped', 'error'],
  snapshot: ['running', 'stopped'],
  scale: ['running', 'stopped'],
};

export interface ActionJob {
  id: string;
  action: ContainerActionBody;
  previous: { status: string; tier: string };
}

/**
 * What a user does to an existing container: edit its description, start, stop, restart,
 * snapshot, scale (each a job claimed on the row, so a second one is refused), and delete it.
 */
export function createContainerActions(ctx: ContainersContext) {
  const { repo, driver, log, queue, quota, announce, forgetCpu, owned, present, readState, setStatus } = ctx;

  /**
   * Waits for an action's job: its outcome when it ends within ACTION_REPLY_WAIT_MS, else null
   * (the job goes on; the stream tells the page when it ends).
   */
  async function awaitJob(name: string, jobId: string | null): Promise<'completed' | 'failed' | null> {
    if (!jobId) return null;
    const deadline = Date.now() + ACTION_REPLY_WAIT_MS;
    for (let wait = 20; Date.now() < deadline; wait = Math.min(wait * 2, 250)) {
      const job = await queue.get(name, jobId);
      if (job?.state === 'completed') {
        const output = job.output as { failed?: boolean } | null;
        return output?.failed ? 'failed' : 'completed';
      }
      if (job?.state === 'failed' || job?.state === 'cancelled') return 'failed';
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return null;
  }

  /**
   * Claims the container for the action, atomically: a second action while one runs is refused,
   * not queued. A scale checks the quota and reserves the new tier under the user's lock, so
   * concurrent scale-ups cannot pass it together; a failed scale puts the old tier back.
   */
  async function claim(userId: string, row: ContainerRow, body: ContainerActionBody): Promise<boolean> {
    const expected = { status: row.status, tier: row.tier };
    const changes = {
      actionInFlight: body.action,
      status: body.action === 'start' ? 'starting' : body.action === 'stop' ? 'stopping' : row.status,
    };
    if (body.action !== 'scale') return repo.claimAction(row.id, expected, changes);
    return repo.underUserLock(userId, async (locked) => {
      const [limits, others] = await Promise.all([
        quota.containerQuotaFor(userId, locked),
        locked.tiersOf(userId, row.id),
      ]);
      assertWithinQuota(limits, others, { tier: body.parameters.tier, replacing: row.tier });
      return locked.claimAction(row.id, expected, { ...changes, tier: body.parameters.tier });
    });
  }

  async function update(
    userId: string,
    id: string,
    body: { description?: string | null | undefined },
  ): Promise<Container> {
    await owned(userId, id);
    const row = await setStatus(id, body.description === undefined ? {} : { description: body.description });
    return present(row);
  }

  /**
   * Deletes the instance and then the row, as a job; 'pending' when the job is still running. Also
   * says what was deleted (for the audit log).
   */
  async function remove(
    userId: string,
    id: string,
  ): Promise<{ outcome: 'deleted' | 'pending'; name: string; tier: string }> {
    const row = await owned(userId, id);
    const claimed = await repo.claimDelete(id);
    if (!claimed) throw new AppError(409, `Another action is still running on ${row.name}`, 'ACTION_IN_FLIGHT');
    announce(claimed);
    let jobId: string | null;
    try {
      jobId = await queue.send(containerJobs.delete, { id });
    } catch (error) {
      await setStatus(id, { actionInFlight: null });
      throw error;
    }
    const outcome = await awaitJob(containerJobs.delete, jobId);
    if (outcome === 'failed') throw new AppError(502, 'Failed to delete container', 'DRIVER_ERROR');
    return { outcome: outcome === 'completed' ? 'deleted' : 'pending', name: row.name, tier: row.tier };
  }

  /** The delete job: the instance first (missing is fine), then the row. */
  async function runDelete(data: { id: string }): Promise<{ failed?: boolean }> {
    const row = await repo.find(data.id);
    if (!row) return {};
    try {
      await driver.delete(row.instanceName);
    } catch (error) {
      log.error({ err: error, containerId: row.id }, 'container delete failed');
      await setStatus(row.id, { actionInFlight: null });
      return { failed: true };
    }
    await repo.delete(row.id);
    forgetCpu(row.instanceName);
    announce(row, { status: 'deleted', action_in_flight: null, deleted: true });
    return {};
  }

  async function act(
    userId: string,
    id: string,
    body: ContainerActionBody,
  ): Promise<{ message: string; container: Container; pending: boolean; previousTier: string }> {
    const row = await owned(userId, id);
    const status = row.status as ContainerStatus;
    if (!allowedFrom[body.action].includes(status)) {
      throw new AppError(409, `Cannot ${body.action} a container that is ${status}`, 'INVALID_STATE');
    }
    if (body.action === 'scale' && body.parameters.tier === row.tier) {
      throw new AppError(409, `The container is already ${row.tier}: choose another tier`, 'SAME_TIER');
    }
    const claimed = await claim(userId, row, body);
    if (!claimed) throw new AppError(409, `Another action is still running on ${row.name}`, 'ACTION_IN_FLIGHT');
    const claimedRow = await repo.find(id);
    if (claimedRow) announce(claimedRow);

    let jobId: string | null;
    try {
      const job: ActionJob = { id, action: body, previous: { status: row.status, tier: row.tier } };
      jobId = await queue.send(containerJobs.action, job);
    } catch (error) {
      await setStatus(id, { actionInFlight: null, status: row.status, tier: row.tier });
      throw error;
    }
    const outcome = await awaitJob(containerJobs.action, jobId);
    if (outcome === 'failed') throw new AppError(502, `Failed to ${body.action} container`, 'DRIVER_ERROR');
    const current = await repo.find(id);
    if (!current) throw AppError.notFound('Container not found', 'CONTAINER_NOT_FOUND');
    return {
      message:
        outcome === 'completed'
          ? `Container ${body.action} completed successfully`
          : `Container ${body.action} is still running`,
      container: await present(current),
      pending: outcome === null,
      previousTier: row.tier,
    };
  }

  /**
   * The action job. Start, stop, restart, scale and snapshot are safe to repeat, so a retry after
   * a crash simply runs the action again. A driver failure puts the previous state back and
   * ends the job with `{ failed: true }` (not retried: the daemon answered).
   */
  async function runAction(data: ActionJob): Promise<{ failed?: boolean }> {
    const row = await repo.find(data.id);
    const body = data.action;
    if (!row || row.actionInFlight !== body.action) return {};
    try {
      let values: ContainerChanges = {};
      if (body.action === 'start') {
        await driver.start(row.instanceName);
        values = { status: 'running', statusReason: null };
      } else if (body.action === 'stop') {
        await driver.stop(row.instanceName);
        values = { status: 'stopped', statusReason: null };
      } else if (body.action === 'restart') {
        await driver.restart(row.instanceName);
        values = { status: 'running', statusReason: null };
      } else if (body.action === 'snapshot') {
        const name =
          body.parameters?.name ??
          `snap-${new Date()
            .toISOString()
            .replace(/[^0-9]/g, '')
            .slice(0, 14)}`;
        await driver.snapshot(row.instanceName, name);
      } else {
        const tier = containerTiers[body.parameters.tier];
        await driver.setLimits(row.instanceName, {
          cpu: tier.cpu,
          memoryMb: tier.memoryGb * 1024,
          diskGb: tier.diskGb,
        });
        await driver.restart(row.instanceName);
        values = { tier: body.parameters.tier, status: 'running', statusReason: null };
      }
      const running = (values.status ?? row.status) === 'running';
      const state = running ? await readState(row) : null;
      await setStatus(row.id, {
        ...values,
        actionInFlight: null,
        ...(state ? { ipAddress: state.ipAddress } : {}),
      });
      return {};
    } catch (error) {
      await setStatus(row.id, { actionInFlight: null, status: data.previous.status, tier: data.previous.tier });
      log.error({ err: error, containerId: row.id, action: body.action }, 'container action failed');
      return { failed: true };
    }
  }

  return { update, remove, runDelete, act, runAction };
}
