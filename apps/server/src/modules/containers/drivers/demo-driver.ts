import type { ContainerDriver, ContainerSpec, ContainerState, DriverStatus, ExecResult } from './container-driver.js';
import { DriverError } from './container-driver.js';

interface DemoInstance {
  spec: ContainerSpec;
  status: DriverStatus;
  startedAt: number | null;
  cpuNs: number;
  lastCpuAt: number;
  rxBytes: number;
  txBytes: number;
  files: Map<string, string>;
  log: string[];
  snapshots: string[];
  ipAddress: string;
}

let nextHost = 10;

/**
 * In-process containers for machines without LXD (labelled 'Demo mode' in the UI and README):
 * the same lifecycle rules as the real driver, with metrics that move believably over time.
 */
export function createDemoDriver(now: () => number = Date.now): ContainerDriver {
  const instances = new Map<string, DemoInstance>();
  const get = (name: string) => {
    const instance = instances.get(name);
    if (!instance) throw new DriverError(`instance ${name} not found`, true);
    return instance;
  };
  const logLine = (instance: DemoInstance, line: string) => {
    instance.log.push(`[${new Date(now()).toISOString()}] ${line}`);
    if (instance.log.length > 1000) instance.log.splice(0, instance.log.length - 1000);
  };
  /** Advances the counters of a running instance to now. */
  const tick = (instance: DemoInstance) => {
    const t = now();
    if (instance.status === 'running') {
      const elapsed = Math.max(0, t - instance.lastCpuAt);
      const load = 0.05 + 0.25 * Math.abs(Math.sin(t / 60_000 + instance.spec.name.length));
      instance.cpuNs += elapsed * 1e6 * instance.spec.cpu * load;
      instance.rxBytes += Math.round(elapsed * 12);
      instance.txBytes += Math.round(elapsed * 5);
      const beats = Math.floor(elapsed / 5000);
      for (let i = 0; i < Math.min(beats, 20); i++) logLine(instance, 'heartbeat');
    }
    instance.lastCpuAt = t;
  };

  return {
    kind: 'demo',

    async create(spec) {
      if (instances.has(spec.name)) throw new DriverError(`instance ${spec.name} already exists`);
      instances.set(spec.name, {
        spec,
        status: 'stopped',
        startedAt: null,
        cpuNs: 0,
        lastCpuAt: now(),
        rxBytes: 0,
        txBytes: 0,
        files: new Map(),
        log: [],
        snapshots: [],
        ipAddress: `198.18.0.${(nextHost++ % 250) + 1}`, // benchmarking range: never routed
      });
    },
    async start(name) {
      const instance = get(name);
      tick(instance);
      if (instance.status !== 'running') {
        instance.status = 'running';
        instance.startedAt = now();
        logLine(instance, 'system booted');
      }
    },
    async stop(name) {
      const instance = get(name);
      tick(instance);
      if (instance.status !== 'stopped') logLine(instance, 'system halted');
      instance.status = 'stopped';
      instance.startedAt = null;
    },
    async restart(name) {
      await this.stop(name);
      await this.start(name);
    },
    async delete(name) {
      instances.delete(name);
    },
    async snapshot(name, snapshotName) {
      const instance = get(name);
      if (instance.snapshots.includes(snapshotName)) throw new DriverError(`snapshot ${snapshotName} already exists`);
      instance.snapshots.push(snapshotName);
      logLine(instance, `snapshot ${snapshotName} taken`);
    },
    async setLimits(name, limits) {
      const instance = get(name);
      instance.spec = { ...instance.spec, cpu: limits.cpu, memoryMb: limits.memoryMb };
    },
    async state(name): Promise<ContainerState> {
      const instance = get(name);
      tick(instance);
      const running = instance.status === 'running';
      const limit = instance.spec.memoryMb * 1024 * 1024;
      const uptime = running && instance.startedAt ? now() - instance.startedAt : 0;
      return {
        status: instance.status,
        cpuNs: Math.round(instance.cpuNs),
        memoryBytes: running ? Math.round(limit * (0.18 + 0.1 * Math.abs(Math.sin(uptime / 90_000)))) : 0,
        memoryLimitBytes: limit,
        processes: running ? 12 + (Math.floor(uptime / 30_000) % 5) : 0,
        networkRxBytes: instance.rxBytes,
        networkTxBytes: instance.txBytes,
        diskBytes: 1_200_000_000 + instance.files.size * 4096 + instance.snapshots.length * 50_000_000,
        ipAddress: running ? instance.ipAddress : null,
      };
    },
    async consoleLog(name, lines) {
      const instance = get(name);
      tick(instance);
      return instance.log.slice(-lines);
    },
    async exec(name, command, environment = {}): Promise<ExecResult> {
      const instance = get(name);
      if (instance.status !== 'running') throw new DriverError(`instance ${name} is not running`);
      logLine(instance, `exec: ${command.join(' ')}`);
      const env = { ...instance.spec.environment, ...environment };
      const stdout =
        command[0] === 'env'
          ? `${Object.entries(env)
              .map(([k, v]) => `${k}=${v}`)
              .join('\n')}\n`
          : '';
      return { exitCode: 0, stdout, stderr: '' };
    },
    async pushFile(name, path, content) {
      get(name).files.set(path, typeof content === 'string' ? content : content.toString('utf8'));
    },
    async setRootPassword(name) {
      logLine(get(name), 'root password set');
    },
  };
}
