import { posix } from 'node:path';
import { z } from 'zod';
import {
  DriverError,
  type ContainerDriver,
  type ContainerSpec,
  type ContainerState,
  type DriverStatus,
  type ExecResult,
} from './container-driver.js';
import { withQuery, type LxdClient } from './lxd-client.js';
import { afterPlacing, placeContainer, type MemberCapacity, type PlacementNeed } from './placement.js';
import { SHA512_CRYPT } from './root-password.js';

export interface LxdDriverOptions {
  /** LXD project; the daemon's `default` project when absent. */
  project?: string;
  /** How long a graceful stop or restart may take before we force it. */
  stopTimeoutSeconds?: number;
  /** Upper bound for one operation (create unpacks the image, exec runs the command). */
  operationTimeoutSeconds?: number;
  /** Told when a clustered daemon has no member with room for a container (it goes where most is free). */
  warn?: (message: string) => void;
  /** How long one cluster member may take to say its capacity before it is left out (3 s). */
  memberReadMs?: number;
}

/** `GET /1.0`: whether the daemon is a cluster member, and what its API offers. */
const serverSchema = z.object({
  api_extensions: z.array(z.string()).optional(),
  environment: z.object({ server_clustered: z.boolean().optional() }).optional(),
});
const membersSchema = z.array(z.object({ server_name: z.string(), status: z.string() }));
const usedTotalSchema = z.object({ used: z.number(), total: z.number() });
/** `GET /1.0/cluster/members/<name>/state` (LXD 5.x with the `cluster_member_state` extension). */
const memberStateSchema = z.object({
  sysinfo: z.object({ free_ram: z.number() }),
  storage_pools: z
    .record(z.string(), z.object({ space: usedTotalSchema }))
    .nullable()
    .optional(),
});
/** `GET /1.0/resources?target=<member>`: memory used and total (what LXD 5.0 offers per member). */
const resourcesSchema = z.object({ memory: usedTotalSchema });
/** `GET /1.0/storage-pools/<pool>/resources?target=<member>`. */
const poolResourcesSchema = z.object({ space: usedTotalSchema });
/** How long a reading of the cluster members' free capacity is used (placements since are subtracted). */
const CAPACITY_CACHE_MS = 10_000;

const instanceSchema = z.object({
  // expanded_config includes what profiles set, so a limit from a profile is still reported.
  expanded_config: z.record(z.string(), z.string()).optional(),
  config: z.record(z.string(), z.string()).optional(),
});

/** `GET /1.0/instances?recursion=2`: each instance with its configuration and its state. */
const listingSchema = z.array(instanceSchema.extend({ name: z.string(), state: z.unknown().optional() }));

const deviceMapSchema = z.record(z.string(), z.record(z.string(), z.string()));
const profileSchema = z.object({ devices: deviceMapSchema.optional() });
const instanceDevicesSchema = z.object({ expanded_devices: deviceMapSchema.optional() });

/** The root disk device with the tier's size; the pool (and anything else) comes from where LXD had it. */
/** How long the default profile's root disk is kept (see `defaultRootDisk`). */
const PROFILE_CACHE_MS = 60_000;

export function rootDiskDevice(current: Record<string, string> | undefined, diskGb: number): Record<string, string> {
  if (!Number.isInteger(diskGb) || diskGb < 1) throw new DriverError(`Invalid disk size: ${diskGb}`);
  if (!current?.pool) throw new DriverError('The default profile has no root disk on a storage pool');
  return { ...current, type: 'disk', path: '/', size: `${diskGb}GB` };
}

/** A usage counter: LXD reports -1 for one it cannot read (a stopping instance's CPU, say): unknown. */
const counter = z
  .number()
  .transform((n) => (n < 0 ? undefined : n))
  .optional();

const instanceStateSchema = z.object({
  status: z.string(),
  cpu: z.object({ usage: counter }).nullable().optional(),
  // `total` only exists on newer LXD; 5.0 reports usage and peaks.
  memory: z.object({ usage: counter, total: counter }).nullable().optional(),
  processes: z.number().optional(),
  disk: z
    .record(z.string(), z.object({ usage: counter }))
    .nullable()
    .optional(),
  network: z
    .record(
      z.string(),
      z.object({
        addresses: z
          .array(z.object({ family: z.string(), address: z.string(), scope: z.string() }))
          .nullable()
          .optional(),
        counters: z.object({ bytes_received: counter, bytes_sent: counter }).optional(),
      }),
    )
    .nullable()
    .optional(),
});

const execResultSchema = z.object({
  return: z.number(),
  output: z.record(z.string(), z.string()).optional(),
});

export type LxdInstanceState = z.infer<typeof instanceStateSchema>;

/** Maps LXD's instance status names to ours. */
export function mapLxdStatus(status: string): DriverStatus {
  switch (status) {
    case 'Running':
    case 'Ready':
    case 'Thawed':
      return 'running';
    case 'Stopped':
      return 'stopped';
    case 'Starting':
      return 'starting';
    case 'Stopping':
    case 'Aborting':
      return 'stopping';
    default:
      // Frozen, Error and anything newer: this driver never freezes, so it is an out-of-band state to surface.
      return 'error';
  }
}

/** The instance config for a spec: limits plus `environment.*` keys, which LXD hands to init and to exec. */
export function buildInstanceConfig(
  spec: Pick<ContainerSpec, 'cpu' | 'memoryMb' | 'environment'>,
): Record<string, string> {
  const config: Record<string, string> = limitsConfig(spec);
  for (const [key, value] of Object.entries(spec.environment)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new DriverError(`Invalid environment variable name: ${key}`);
    config[`environment.${key}`] = value;
  }
  return config;
}

function limitsConfig(limits: { cpu: number; memoryMb: number }): Record<string, string> {
  if (!Number.isInteger(limits.cpu) || limits.cpu < 1) throw new DriverError(`Invalid CPU count: ${limits.cpu}`);
  if (!Number.isInteger(limits.memoryMb) || limits.memoryMb < 1) {
    throw new DriverError(`Invalid memory size: ${limits.memoryMb}`);
  }
  return { 'limits.cpu': String(limits.cpu), 'limits.memory': `${limits.memoryMb}MB` };
}

const UNIT_BYTES: Record<string, number> = {
  '': 1,
  B: 1,
  kB: 1e3,
  MB: 1e6,
  GB: 1e9,
  TB: 1e12,
  PB: 1e15,
  KiB: 2 ** 10,
  MiB: 2 ** 20,
  GiB: 2 ** 30,
  TiB: 2 ** 40,
  PiB: 2 ** 50,
};

/** Bytes of an LXD `limits.memory` value; null when unset or relative (a percentage of the host). */
export function parseMemoryLimit(value: string | undefined): number | null {
  const match = value === undefined ? null : /^(\d+(?:\.\d+)?)\s*([A-Za-z]*)$/.exec(value.trim());
  if (!match) return null;
  const unit = UNIT_BYTES[match[2] ?? ''];
  return unit === undefined ? null : Math.round(Number(match[1]) * unit);
}

/** Our state from LXD's instance and state replies. */
/** LXD's `GET /1.0/instances/<name>/state`, checked (counters it cannot read become unknown). */
export function parseInstanceState(raw: unknown) {
  return instanceStateSchema.safeParse(raw);
}

export function toContainerState(state: LxdInstanceState, config: Record<string, string>): ContainerState {
  let networkRxBytes = 0;
  let networkTxBytes = 0;
  let ipAddress: string | null = null;
  for (const nic of Object.values(state.network ?? {})) {
    networkRxBytes += nic.counters?.bytes_received ?? 0;
    networkTxBytes += nic.counters?.bytes_sent ?? 0;
    ipAddress ??= nic.addresses?.find((a) => a.family === 'inet' && a.scope === 'global')?.address ?? null;
  }
  // The dir pool reports no disk usage at all: null says "unknown", not "empty".
  const disks = Object.values(state.disk ?? {});
  const diskBytes = disks.length === 0 ? null : disks.reduce((sum, disk) => sum + (disk.usage ?? 0), 0);
  const total = state.memory?.total;
  return {
    status: mapLxdStatus(state.status),
    cpuNs: state.cpu?.usage ?? 0,
    memoryBytes: state.memory?.usage ?? 0,
    memoryLimitBytes: parseMemoryLimit(config['limits.memory']) ?? (total ? total : null),
    processes: Math.max(0, state.processes ?? 0), // LXD reports -1 when it cannot count
    networkRxBytes,
    networkTxBytes,
    diskBytes,
    ipAddress,
  };
}

/** Keeps about the last 256 KB of console output per container (LXD's own ring buffer is smaller). */
const CONSOLE_HISTORY_CHARS = 256 * 1024;

/**
 * LXD 5.0 answers GET /console of a running container with only the output since the previous read
 * (liblxc moves the ring buffer's read pointer), and with HTTP 500 "open : no such file or directory"
 * when there is nothing new. A stopped container's reply is LXD's saved file, named in the header.
 */
const CONSOLE_NOTHING_NEW = /^open : no such file or directory$/;

/** A drained ring buffer comes without a file name; a stopped container's saved log comes with one. */
export function isConsoleDrain(contentDisposition: string | undefined): boolean {
  return !/filename=\S/.test(contentDisposition ?? '');
}

/** The last `count` lines of a text, without the empty string after a final newline. */
export function lastLines(text: string, count: number): string[] {
  if (count <= 0 || text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines.slice(-count);
}

// The hash is $1, so it never needs quoting. chpasswd -e is the distribution way (it keeps PAM and
// shadow-utils consistent); Debian's busybox has no chpasswd, so edit /etc/shadow there, creating it if
// the image keeps passwords in /etc/passwd.
const SET_ROOT_PASSWORD_SCRIPT = `H=$1
if command -v chpasswd >/dev/null 2>&1; then echo "root:$H" | chpasswd -e
else
  [ -f /etc/shadow ] || { echo "root:*:19000:0:99999:7:::" > /etc/shadow; chmod 600 /etc/shadow; sed -i "s|^root:[^:]*:|root:x:|" /etc/passwd; }
  grep -q "^root:" /etc/shadow || echo "root:*:19000:0:99999:7:::" >> /etc/shadow
  sed -i "s|^root:[^:]*:|root:$H:|" /etc/shadow
fi`;

export function createLxdDriver(client: LxdClient, options: LxdDriverOptions = {}): ContainerDriver {
  const stopTimeout = options.stopTimeoutSeconds ?? 30;
  const operationTimeout = options.operationTimeoutSeconds ?? 120;
  const project = options.project;
  const memberReadMs = options.memberReadMs ?? 3_000;

  const path = (p: string, query: Record<string, string | undefined> = {}) => withQuery(p, { ...query, project });
  const instancePath = (name: string, suffix = '') => path(`/1.0/instances/${encodeURIComponent(name)}${suffix}`);
  const call = (method: string, p: string, body?: unknown) => client.call(method, p, body, operationTimeout);
  const changeState = (name: string, body: Record<string, unknown>) => call('PUT', instancePath(name, '/state'), body);

  // Reading a running container's console consumes LXD's ring buffer, so the driver keeps what it read.
  const consoleHistory = new Map<string, string>();

  const isMessage = (error: unknown, pattern: RegExp) =>
    error instanceof DriverError && !error.notFound && pattern.test(error.message);

  const start = async (name: string) => {
    try {
      await changeState(name, { action: 'start', timeout: stopTimeout });
    } catch (error) {
      if (!isMessage(error, /already running/i)) throw error;
    }
  };

  const stop = async (name: string, stopOptions: { force?: boolean } = {}) => {
    const force = stopOptions.force ?? false;
    try {
      await changeState(name, { action: 'stop', timeout: stopTimeout, force });
    } catch (error) {
      if (isMessage(error, /already stopped/i)) return;
      if (force || !(error instanceof DriverError) || error.notFound) throw error;
      // A graceful stop that timed out: init already got the signal, so forcing is safe. It may have
      // halted by itself in between, which is the "already stopped" case.
      await stop(name, { force: true });
    }
  };

  const fileHeaders = (type: 'file' | 'directory', mode: number) => ({
    'X-LXD-type': type,
    'X-LXD-uid': '0',
    'X-LXD-gid': '0',
    'X-LXD-mode': mode.toString(8).padStart(4, '0'),
    ...(type === 'file' ? { 'X-LXD-write': 'overwrite' } : {}),
  });

  const exec = async (name: string, command: string[], environment: Record<string, string> = {}) => {
    if (command.length === 0) throw new DriverError('exec needs a command');
    const metadata = await call('POST', instancePath(name, '/exec'), {
      command,
      environment,
      'wait-for-websocket': false,
      interactive: false,
      'record-output': true,
    });
    const parsed = execResultSchema.safeParse(metadata);
    if (!parsed.success) throw new DriverError(`LXD sent an unexpected exec result: ${parsed.error.message}`);
    const read = async (logPath: string | undefined) => {
      if (!logPath) return '';
      const text = (await client.download(path(logPath))).body.toString('utf8');
      // The logs would pile up in the instance's log directory otherwise.
      await call('DELETE', path(logPath)).catch(() => undefined);
      return text;
    };
    const [stdout, stderr] = await Promise.all([read(parsed.data.output?.['1']), read(parsed.data.output?.['2'])]);
    return { exitCode: parsed.data.return, stdout, stderr } satisfies ExecResult;
  };

  // The default profile's root disk (its pool), read at most once a minute: every create needs it,
  // and one GET less is a round trip less between asking for a container and its running.
  let profileRoot: { device: Record<string, string> | undefined; readAt: number } | undefined;
  const defaultRootDisk = async () => {
    if (profileRoot && Date.now() - profileRoot.readAt < PROFILE_CACHE_MS) return profileRoot.device;
    const profile = profileSchema.safeParse(await call('GET', path('/1.0/profiles/default')));
    const device = profile.success ? profile.data.devices?.root : undefined;
    profileRoot = { device, readAt: Date.now() };
    return device;
  };

  // Clustered daemons: each container is placed on a member by free capacity (placement.ts). The
  // daemon's answer to GET /1.0 is read once a minute, the members' capacity every 10 s, with what
  // was placed since subtracted from it.
  let server: { clustered: boolean; memberState: boolean; readAt: number } | undefined;
  const serverInfo = async () => {
    if (server && Date.now() - server.readAt < PROFILE_CACHE_MS) return server;
    const parsed = serverSchema.safeParse(await call('GET', '/1.0'));
    server = {
      clustered: parsed.success && parsed.data.environment?.server_clustered === true,
      memberState: parsed.success && (parsed.data.api_extensions ?? []).includes('cluster_member_state'),
      readAt: Date.now(),
    };
    return server;
  };
  let capacity: { members: MemberCapacity[]; readAt: number } | undefined;
  let reading: Promise<void> | undefined;
  /** One member's free memory and pool space, from its state (newer LXD) or its resources (LXD 5.0). */
  const readMember = async (
    name: string,
    pool: string,
    memberState: boolean,
    signal: AbortSignal,
  ): Promise<MemberCapacity> => {
    const read = (p: string) => client.call('GET', p, undefined, operationTimeout, signal);
    if (memberState) {
      const state = memberStateSchema.safeParse(await read(`/1.0/cluster/members/${encodeURIComponent(name)}/state`));
      if (state.success) {
        const space = state.data.storage_pools?.[pool]?.space;
        return {
          name,
          online: true,
          freeMemoryBytes: state.data.sysinfo.free_ram,
          freeDiskBytes: space ? space.total - space.used : null,
        };
      }
    }
    const target = { target: name };
    const [resources, poolResources] = await Promise.all([
      read(withQuery('/1.0/resources', target)),
      read(withQuery(`/1.0/storage-pools/${encodeURIComponent(pool)}/resources`, target)).catch(() => null),
    ]);
    const memory = resourcesSchema.safeParse(resources);
    if (!memory.success) throw new DriverError(`LXD sent unexpected resources: ${memory.error.message}`);
    const space = poolResourcesSchema.safeParse(poolResources);
    return {
      name,
      online: true,
      freeMemoryBytes: memory.data.memory.total - memory.data.memory.used,
      freeDiskBytes: space.success ? space.data.space.total - space.data.space.used : null,
    };
  };
  /** The members' capacity, and how many LXD lists as online did not say theirs. */
  const readCapacity = async (
    pool: string,
    memberState: boolean,
  ): Promise<{ members: MemberCapacity[]; unread: number }> => {
    const members = membersSchema.safeParse(await call('GET', '/1.0/cluster/members?recursion=1'));
    if (!members.success) throw new DriverError(`LXD sent an unexpected member list: ${members.error.message}`);
    const leftOut = (name: string): MemberCapacity => ({
      name,
      online: false,
      freeMemoryBytes: 0,
      freeDiskBytes: null,
    });
    let unread = 0;
    const read = await Promise.all(
      members.data.map(async ({ server_name: name, status }) => {
        if (status !== 'Online') return leftOut(name);
        // A member that hangs rather than fails is left out after a few seconds, not the client's
        // two minutes, and its requests are given up.
        const giveUp = new AbortController();
        let timer: NodeJS.Timeout | undefined;
        try {
          const slow = new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => {
              const error = new DriverError(`no answer within ${String(memberReadMs)} ms`);
              giveUp.abort(error);
              reject(error);
            }, memberReadMs);
          });
          return await Promise.race([readMember(name, pool, memberState, giveUp.signal), slow]);
        } catch (error) {
          unread += 1;
          // A member LXD still lists as online but that does not answer is left out of this
          // placement, rather than every create failing until LXD marks it offline.
          options.warn?.(
            `LXD cluster member ${name} did not say its capacity (${error instanceof Error ? error.message : String(error)}): left out of placement`,
          );
          return leftOut(name);
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return { members: read, unread };
  };
  /** The member a container needing `need` goes to; undefined on a daemon that is not clustered, or where LXD chooses. */
  const placement = async (need: PlacementNeed): Promise<string | undefined> => {
    const info = await serverInfo();
    if (!info.clustered) return undefined;
    if (!capacity || Date.now() - capacity.readAt >= CAPACITY_CACHE_MS) {
      // One reading at a time: creates that arrive meanwhile share it (each reading its own would
      // overwrite the placements the others subtracted, and a burst would land on one member).
      reading ??= (async () => {
        try {
          const pool = (await defaultRootDisk())?.pool ?? 'default';
          const { members, unread } = await readCapacity(pool, info.memberState);
          // Members LXD lists as online, none of which said its capacity (a busy daemon): nothing
          // is known, and nothing kept; LXD's own scheduler picks the member.
          const known = members.some((member) => member.online);
          capacity = known || unread === 0 ? { members, readAt: Date.now() } : undefined;
        } finally {
          reading = undefined;
        }
      })();
      await reading;
    }
    if (!capacity) {
      options.warn?.('No LXD cluster member said its capacity: LXD places the container');
      return undefined;
    }
    const placed = placeContainer(capacity.members, need);
    if (!placed) throw new DriverError('No member of the LXD cluster is online');
    if (!placed.fits) {
      options.warn?.(
        `No LXD cluster member has ${String(Math.round(need.memoryBytes / 1e6))} MB of memory free: the container goes to ${placed.member}, where most is free`,
      );
    }
    capacity.members = capacity.members.map((member) =>
      member.name === placed.member ? afterPlacing(member, need) : member,
    );
    return placed.member;
  };

  return {
    kind: 'lxd',

    async create(spec) {
      let devices = {};
      if (spec.diskGb !== undefined) {
        // The instance's own root device overrides the profile's: same pool, the tier's size.
        devices = { root: rootDiskDevice(await defaultRootDisk(), spec.diskGb) };
      }
      // LXD's units: MB and GB are powers of ten (buildInstanceConfig, rootDiskDevice).
      const target = await placement({
        memoryBytes: spec.memoryMb * 1e6,
        diskBytes: spec.diskGb === undefined ? null : spec.diskGb * 1e9,
      });
      try {
        await call('POST', path('/1.0/instances', { target }), {
          name: spec.name,
          type: 'container',
          source: { type: 'image', alias: spec.image },
          profiles: ['default'],
          config: buildInstanceConfig(spec),
          devices,
        });
      } catch (error) {
        // What was subtracted for it did not happen (or its member is in trouble): read again.
        if (target !== undefined) capacity = undefined;
        throw error;
      }
    },

    start,
    stop,

    async restart(name) {
      try {
        await changeState(name, { action: 'restart', timeout: stopTimeout });
      } catch (error) {
        if (!(error instanceof DriverError) || error.notFound) throw error;
        // Stopped (nothing to restart) or a shutdown that timed out: both end in stop + start.
        await stop(name, { force: true });
        await start(name);
      }
    },

    async delete(name) {
      consoleHistory.delete(`${project ?? ''}/${name}`);
      try {
        await call('DELETE', instancePath(name));
      } catch (error) {
        if (error instanceof DriverError && error.notFound) return;
        if (!isMessage(error, /running/i)) throw error;
        // Its data is going away, so a graceful shutdown buys nothing.
        await stop(name, { force: true });
        await call('DELETE', instancePath(name)).catch((retryError: unknown) => {
          if (!(retryError instanceof DriverError && retryError.notFound)) throw retryError;
        });
      }
    },

    async snapshot(name, snapshotName) {
      await call('POST', instancePath(name, '/snapshots'), { name: snapshotName, stateful: false });
    },

    async setLimits(name, limits) {
      // PATCH merges into config (environment.* keys stay) and replaces only the devices it names.
      const patch: { config: Record<string, string>; devices?: Record<string, Record<string, string>> } = {
        config: limitsConfig(limits),
      };
      if (limits.diskGb !== undefined) {
        const instance = instanceDevicesSchema.safeParse(await call('GET', instancePath(name)));
        patch.devices = {
          root: rootDiskDevice(instance.success ? instance.data.expanded_devices?.root : undefined, limits.diskGb),
        };
      }
      await call('PATCH', instancePath(name), patch);
    },

    async state(name) {
      const [instance, state] = await Promise.all([
        call('GET', instancePath(name)),
        call('GET', instancePath(name, '/state')),
      ]);
      const parsedInstance = instanceSchema.safeParse(instance);
      const parsedState = parseInstanceState(state);
      if (!parsedInstance.success) throw new DriverError(`Unexpected LXD instance: ${parsedInstance.error.message}`);
      if (!parsedState.success) throw new DriverError(`Unexpected LXD state: ${parsedState.error.message}`);
      const config = parsedInstance.data.expanded_config ?? parsedInstance.data.config ?? {};
      return toContainerState(parsedState.data, config);
    },

    async states() {
      const listing = listingSchema.safeParse(await call('GET', path('/1.0/instances', { recursion: '2' })));
      if (!listing.success) throw new DriverError(`Unexpected LXD instance list: ${listing.error.message}`);
      const states = new Map<string, ContainerState>();
      for (const instance of listing.data) {
        // An instance whose state LXD could not read (its daemon member away) is left out: the
        // sampler asks for it alone.
        const state = instance.state ? parseInstanceState(instance.state) : null;
        if (!state?.success) continue;
        states.set(instance.name, toContainerState(state.data, instance.expanded_config ?? instance.config ?? {}));
      }
      return states;
    },

    async consoleLog(name, lines) {
      const key = `${project ?? ''}/${name}`;
      let history = consoleHistory.get(key) ?? '';
      try {
        const response = await client.download(instancePath(name, '/console'));
        const text = response.body.toString('utf8');
        if (isConsoleDrain(response.headers['content-disposition'])) history += text;
        else if (history === '') history = text; // stopped: LXD's saved copy, only useful if we saw nothing
      } catch (error) {
        if (!isMessage(error, CONSOLE_NOTHING_NEW)) throw error;
      }
      history = history.slice(-CONSOLE_HISTORY_CHARS);
      consoleHistory.set(key, history);
      return lastLines(history, lines);
    },

    exec,

    async pushFile(name, filePath, content, mode = 0o644) {
      if (!posix.isAbsolute(filePath)) throw new DriverError(`The path must be absolute: ${filePath}`);
      const target = posix.normalize(filePath);
      // New parents of a private file (authorized_keys) stay private too; sshd refuses writable ones.
      const directoryMode = (mode & 0o077) === 0 ? 0o700 : 0o755;
      const parents: string[] = [];
      for (let dir = posix.dirname(target); dir !== '/'; dir = posix.dirname(dir)) parents.unshift(dir);
      for (const dir of parents) {
        // An existing directory answers 200 and is left as it is, so this is safe to repeat.
        await client.postBytes(
          path(`/1.0/instances/${encodeURIComponent(name)}/files`, { path: dir }),
          Buffer.alloc(0),
          {
            ...fileHeaders('directory', directoryMode),
          },
        );
      }
      await client.postBytes(
        path(`/1.0/instances/${encodeURIComponent(name)}/files`, { path: target }),
        typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
        fileHeaders('file', mode),
      );
    },

    async setRootPasswordHash(name, hash) {
      if (!SHA512_CRYPT.test(hash)) throw new DriverError('The root password must come as a SHA-512 crypt hash');
      const result = await exec(name, ['/bin/sh', '-c', SET_ROOT_PASSWORD_SCRIPT, 'set-root-password', hash]);
      if (result.exitCode !== 0) {
        throw new DriverError(`Setting the root password failed (exit ${result.exitCode}): ${result.stderr.trim()}`);
      }
    },
  };
}
