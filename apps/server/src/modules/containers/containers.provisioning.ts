import { containerTiers, type Container, type ContainerTier } from '@nuvem/contracts/containers';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { JobContext } from '../../plugins/app/queue.js';
import { containerJobs, type ContainersContext } from './containers.context.js';
import type { ContainerRow } from './containers.repository.js';
import { DriverError } from './drivers/container-driver.js';
import { hashRootPassword } from './drivers/root-password.js';
import { assertWithinQuota } from './quota.js';

export type CreateInput = {
  name: string;
  tier: ContainerTier;
  template_id: string;
  ssh_keys?: string[];
  environment?: Record<string, string>;
  startup_script?: string;
  root_password?: string;
  description?: string;
};

/**
 * What the provisioning job carries: the request, with the root password replaced by its SHA-512
 * crypt hash (the plain password is never stored, not even in the queue's table).
 */
export type ProvisionInput = Omit<CreateInput, 'root_password'> & { root_password_hash?: string };

/**
 * Creating a container: the request (quota, row, job) and the provisioning job that brings the
 * instance up.
 */
export function createContainerProvisioning(ctx: ContainersContext) {
  const { repo, driver, config, log, queue, quota, fleet, announce, readState, setStatus, view } = ctx;

  /** Removes an instance left by an attempt that died half-way; missing is fine. */
  async function discardInstance(row: ContainerRow): Promise<void> {
    try {
      await driver.delete(row.instanceName);
    } catch (error) {
      if (!(error instanceof DriverError && error.notFound)) throw error;
    }
  }

  /** Brings a new instance up: create, start, keys, script, password. Failures leave `error` with the reason. */
  async function provision(row: ContainerRow, input: ProvisionInput): Promise<ContainerRow> {
    const tier = containerTiers[input.tier];
    // Where the time goes (one line per container, read by bench/containers.ts).
    const phases: Record<string, number> = {};
    let mark = performance.now();
    const lap = (phase: string) => {
      const now = performance.now();
      phases[phase] = Math.round(now - mark);
      mark = now;
    };
    try {
      await driver.create({
        name: row.instanceName,
        image: config.containers.imageMap[input.template_id] ?? config.containers.imageMap[''] ?? 'ubuntu/24.04',
        cpu: tier.cpu,
        memoryMb: tier.memoryGb * 1024,
        diskGb: tier.diskGb,
        environment: input.environment ?? {},
      });
      lap('create');
      await driver.start(row.instanceName);
      lap('start');
      if (input.ssh_keys?.length) {
        await driver.pushFile(row.instanceName, '/root/.ssh/authorized_keys', `${input.ssh_keys.join('\n')}\n`, 0o600);
      }
      if (input.startup_script) {
        await driver.pushFile(row.instanceName, '/root/startup.sh', input.startup_script, 0o700);
        const result = await driver.exec(row.instanceName, ['/bin/sh', '/root/startup.sh']);
        if (result.exitCode !== 0)
          log.warn({ containerId: row.id, exitCode: result.exitCode }, 'startup script failed');
      }
      if (input.root_password_hash) await driver.setRootPasswordHash(row.instanceName, input.root_password_hash);
      lap('setup');
      // Running as soon as it started (its owner's page hears it now); its address (a state read,
      // tens of milliseconds on LXD) follows in a second event.
      let running = await setStatus(row.id, { status: 'running', statusReason: null, actionInFlight: null });
      lap('save');
      const state = await readState(row);
      if (state?.ipAddress) {
        // Deleted meanwhile, say: the container ran; only its address is not kept.
        running = await setStatus(row.id, { ipAddress: state.ipAddress }).catch(() => running);
      }
      lap('address');
      log.info({ containerId: row.id, userId: row.userId, phasesMs: phases }, 'container provisioned');
      return running;
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'the instance could not be created';
      log.error({ err: error, containerId: row.id }, 'container creation failed');
      return setStatus(row.id, { status: 'error', statusReason: reason.slice(0, 500), actionInFlight: null });
    }
  }

  async function create(userId: string, input: CreateInput): Promise<Container> {
    const id = newId('container');
    // Hashed before anything is stored: the job (and the queue's table) only ever hold the hash.
    const { root_password: rootPassword, ...rest } = input;
    const job: ProvisionInput = rootPassword
      ? { ...rest, root_password_hash: await hashRootPassword(rootPassword) }
      : rest;
    let row: ContainerRow | undefined;
    try {
      // Count and insert under the user's lock: concurrent creates cannot all see room for one more.
      row = await repo.underUserLock(userId, async (locked) => {
        const [limits, mine] = await Promise.all([quota.containerQuotaFor(userId, locked), locked.tiersOf(userId)]);
        assertWithinQuota(limits, mine, { tier: input.tier });
        return locked.insert({
          id,
          userId,
          name: input.name,
          description: input.description ?? null,
          tier: input.tier,
          templateId: input.template_id,
          status: 'starting',
          actionInFlight: 'create',
          driver: driver.kind,
          instanceName: `nuvem-${id.slice(4, 20)}`,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(409, `You already have a container named ${input.name}`, 'NAME_TAKEN');
      throw error;
    }
    if (!row) throw new Error('insert into containers returned nothing');
    try {
      await queue.send(containerJobs.provision, { id: row.id, input: job });
    } catch (error) {
      // Not queued: the row must not wait for a job that will never come.
      await repo.delete(row.id);
      fleet.changed(userId, row.id, true);
      throw error;
    }
    announce(row);
    return view(row, null);
  }

  /**
   * The provisioning job. A retry (the instance that ran it died) first removes what the earlier
   * attempt may have left, so there is never a second instance nor an instance without its row.
   */
  async function runProvision(data: { id: string; input: ProvisionInput }, job: JobContext): Promise<void> {
    const row = await repo.find(data.id);
    // Deleted meanwhile, or already done by an earlier attempt.
    if (!row || row.actionInFlight !== 'create') return;
    if (job.retryCount > 0) {
      log.warn({ containerId: row.id, attempt: job.retryCount + 1 }, 'retrying a container creation');
      await discardInstance(row);
    }
    await provision(row, data.input);
  }

  return { create, runProvision };
}
