import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, Logger } from 'pino';

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = [unknown, ...unknown[]];

/**
 * A request's logger, made only when it is needed. Fastify gives every request a pino child
 * bound to its request id; making one (its bindings serialised, and for a route with its own level
 * such as the probes' 'warn', every log method rebuilt) was a large part of a small request's CPU
 * time, and most requests write at most one line.
 *
 * Lines below the level are dropped without a child. A line with an object (or none) is written
 * by the parent with the request id as the object's first key: pino puts a child's bindings
 * first, so the line is the same, byte for byte, as the child's (but for an object with its own
 * `reqId`, which a child writes twice and this once, the request's). Anything else (an Error or a
 * class instance as the first argument, an object with an own `__proto__` key, a child of this
 * logger, a level change, per-route
 * serializers, a route more verbose than the server) makes the real child and hands it the call.
 */
export class RequestLogger {
  private real: Logger | undefined;
  private readonly threshold: number;

  constructor(
    private readonly parent: Logger,
    private readonly boundTo: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    this.threshold = levelValue(parent, options.level ?? parent.level);
    // The parent cannot write what it would drop itself (a route more verbose than the server).
    if (options.serializers || this.threshold < levelValue(parent, parent.level)) {
      this.real = parent.child(boundTo, options);
    }
  }

  /** The pino child, made on first need. */
  private made(): Logger {
    this.real ??= this.parent.child(this.boundTo, this.options);
    return this.real;
  }

  private write(method: Method, args: LogArgs): void {
    if (this.real) {
      Reflect.apply(this.real[method], this.real, args);
      return;
    }
    if (levelValue(this.parent, method) < this.threshold) return;
    const first = args[0];
    if (typeof first === 'string') {
      args.unshift(this.boundTo);
    } else if (first === undefined || first === null || (isPlainObject(first) && !Object.hasOwn(first, '__proto__'))) {
      // Object.assign onto a fresh literal: pino walks a spread object's keys twice as slowly. The
      // bindings are set again after: a logged object's own `reqId` cannot stand in for the request's.
      const merged: Bindings = {};
      for (const key in this.boundTo) merged[key] = this.boundTo[key] as unknown;
      Object.assign(merged, first);
      for (const key in this.boundTo) merged[key] = this.boundTo[key] as unknown;
      args[0] = merged;
    } else {
      const child = this.made();
      Reflect.apply(child[method], child, args);
      return;
    }
    Reflect.apply(this.parent[method], this.parent, args);
  }

  get level(): LevelWithSilentOrString {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.made().level = level;
  }

  isLevelEnabled(level: LevelWithSilentOrString): boolean {
    return this.real ? this.real.isLevelEnabled(level) : levelValue(this.parent, level) >= this.threshold;
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  bindings(): Bindings {
    return this.real ? this.real.bindings() : { ...this.parent.bindings(), ...this.boundTo };
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
}

function isPlainObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A level's number on this logger's scale ('silent' is above every level). */
function levelValue(logger: Logger, level: string): number {
  if (level === 'silent') return Infinity;
  return logger.levels.values[level] ?? Infinity;
}

/** For Fastify's `childLoggerFactory`. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // Fastify's logger type is pino's without a few members pino always has.
  return new RequestLogger(logger as unknown as Logger, bindings, options);
}
