export type DriverStatus = 'running' | 'stopped' | 'starting' | 'stopping' | 'error';

export interface ContainerSpec {
  name: string;
  image: string;
  cpu: number;
  memoryMb: number;
  /** Size of the root disk; the pool's default when absent. */
  diskGb?: number;
  environment: Record<string, string>;
}

export interface ContainerState {
  status: DriverStatus;
  cpuNs: number;
  memoryBytes: number;
  memoryLimitBytes: number | null;
  processes: number;
  networkRxBytes: number;
  networkTxBytes: number;
  diskBytes: number | null;
  ipAddress: string | null;
}

export interface ExecResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** What the containers service needs from a runtime; it never knows which driver is configured. */
export interface ContainerDriver {
  readonly kind: 'lxd' | 'demo';
  create(spec: ContainerSpec): Promise<void>;
  start(name: string): Promise<void>;
  /** Already stopped = success; a timed-out graceful stop retries with force. */
  stop(name: string, options?: { force?: boolean }): Promise<void>;
  restart(name: string): Promise<void>;
  /** Stops first if running; missing = success. */
  delete(name: string): Promise<void>;
  snapshot(name: string, snapshotName: string): Promise<void>;
  setLimits(name: string, limits: { cpu: number; memoryMb: number; diskGb?: number }): Promise<void>;
  state(name: string): Promise<ContainerState>;
  /**
   * Every instance of this driver (its LXD project) with its state, in one call (LXD's
   * `recursion=2` listing): what the sampler reads each pass, whatever the size of the fleet.
   */
  states(): Promise<Map<string, ContainerState>>;
  /** The last `lines` lines of the console. */
  consoleLog(name: string, lines: number): Promise<string[]>;
  exec(name: string, command: string[], environment?: Record<string, string>): Promise<ExecResult>;
  /** Creates missing parent directories. */
  pushFile(name: string, path: string, content: string | Buffer, mode?: number): Promise<void>;
  /** Sets root's password from its SHA-512 crypt hash (root-password.ts); busybox and Ubuntu images. */
  setRootPasswordHash(name: string, hash: string): Promise<void>;
}

/** A runtime failure; `notFound` lets callers map a missing container to 404 or treat it as done. */
export class DriverError extends Error {
  constructor(
    message: string,
    readonly notFound = false,
  ) {
    super(message);
    this.name = 'DriverError';
  }
}
