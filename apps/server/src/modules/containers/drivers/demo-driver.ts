import type { ContainerDriver, ContainerSpec, ContainerState, DriverStatus, ExecResult } from './container-driver.js';
import { DriverError } from './container-driver.js';
import { createDemoConsole, type DemoConsole, type DemoConsoleContext } from './demo-console.js';

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
  lastLoggedAt: number;
  /** What the console tells about the machine (kept current when its limits change). */
  consoleContext: DemoConsoleContext;
  console: DemoConsole;
  snapshots: string[];
  ipAddress: string;
}

const LOG_KEEP = 1000;

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
  const logLine = (instance: DemoInstance, line: string, at = now()) => {
    // A journal never goes back in time, even when a line is told after the boot's last one.
    instance.lastLoggedAt = Math.max(at, instance.lastLoggedAt);
    instance.log.push(`[${new Date(instance.lastLoggedAt).toISOString()}] ${line}`);
    if (instance.log.length > LOG_KEEP) instance.log.splice(0, instance.log.length - LOG_KEEP);
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
      for (const event of instance.console.advance(t, LOG_KEEP)) logLine(instance, event.text, event.at);
    }
    instance.lastCpuAt = t;
  };

  const stateOf = (name: string): ContainerState => {
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
  };

  return {
    kind: 'demo',

    async create(spec) {
      if (instances.has(spec.name)) throw new DriverError(`instance ${spec.name} already exists`);
      const ipAddress = `198.18.0.${(nextHost++ % 250) + 1}`; // benchmarking range: never routed
      const port = Number.parseInt(spec.environment.PORT ?? '', 10);
      const consoleContext: DemoConsoleContext = {
        name: spec.name,
        image: spec.image,
        cpu: spec.cpu,
        memoryMb: spec.memoryMb,
        ipAddress,
        port: Number.isInteger(port) && port > 0 && port < 65_536 ? port : 3000,
      };
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
        lastLoggedAt: 0,
        consoleContext,
        console: createDemoConsole(consoleContext),
        snapshots: [],
        ipAddress,
      });
    },
    async start(name) {
      const instance = get(name);
      tick(instance);
      if (instance.status !== 'running') {
        instance.status = 'running';
        instance.startedAt = now();
        for (const event of instance.console.boot(instance.startedAt)) {
          logLine(instance, event.text, instance.startedAt + event.offsetMs);
        }
      }
    },
    async stop(name) {
      const instance = get(name);
      tick(instance);
      if (instance.status !== 'stopped') {
        logLine(instance, 'systemd[1]: Stopping nginx.service - A high performance web server...');
        logLine(instance, 'systemd-shutdown[1]: Sending SIGTERM to remaining processes...');
        logLine(instance, 'nuvem-demo: system halted');
      }
      instance.console.halt();
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
      tick(instance);
      logLine(instance, `nuvem-demo: snapshot ${snapshotName} taken`);
    },
    async setLimits(name, limits) {
      const instance = get(name);
      instance.spec = { ...instance.spec, cpu: limits.cpu, memoryMb: limits.memoryMb };
      instance.consoleContext.cpu = limits.cpu;
      instance.consoleContext.memoryMb = limits.memoryMb;
      logLine(instance, `nuvem-demo: limits set to ${limits.cpu} vCPU, ${limits.memoryMb} MB RAM`);
    },
    async state(name) {
      return stateOf(name);
    },
    async states() {
      const states = new Map<string, ContainerState>();
      for (const name of instances.keys()) states.set(name, stateOf(name));
      return states;
    },
    async consoleLog(name, lines) {
      const instance = get(name);
      tick(instance);
      return instance.log.slice(-lines);
    },
    async exec(name, command, environment = {}): Promise<ExecResult> {
      const instance = get(name);
      if (instance.status !== 'running') throw new DriverError(`instance ${name} is not running`);
      tick(instance);
      logLine(instance, `nuvem-demo: exec ${command.join(' ')}`);
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
    async setRootPasswordHash(name) {
      logLine(get(name), 'chpasswd[1]: password for root changed');
    },
  };
}
