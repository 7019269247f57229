import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { errorSerializer } from './log-redaction.js';
import { RequestLogger } from './request-logger.js';

/** A logger like the server's (redaction, error serializer), with a fixed time, and its lines. */
function logger(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      callback();
    },
  });
  const log = pino(
    {
      level,
      timestamp: () => ',"time":1',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { err: errorSerializer },
    },
    stream,
  );
  return { log, lines };
}

type Call = (log: Logger) => void;

// One error for both loggers: its stack names where it was made.
const boom = new Error('boom');

const calls: [string, Call][] = [
  ['an object and a message', (l) => l.info({ method: 'GET', url: '/x', statusCode: 200, ms: 1 }, 'request')],
  ['a message alone', (l) => l.warn('cross-site request refused')],
  ['a message with arguments', (l) => l.info('%s took %d ms', 'export', 12)],
  ['an object alone', (l) => l.info({ jobs: 3 })],
  ['an error', (l) => l.error(boom)],
  ['an error under err', (l) => l.error({ err: boom, job: 'x' }, 'job failed')],
  ['redacted headers', (l) => l.info({ req: { headers: { authorization: 'Bearer secret', cookie: 'a=b' } } }, 'seen')],
  ['a class instance', (l) => l.info(new URL('https://example.com/'), 'url')],
  ['a debug line (dropped)', (l) => l.debug({ a: 1 }, 'not written')],
];

describe('RequestLogger', () => {
  it.each(calls)('writes %s exactly as the pino child would', (_name, call) => {
    const expected = logger();
    call(expected.log.child({ reqId: 'req_1' }));
    const actual = logger();
    call(new RequestLogger(actual.log, { reqId: 'req_1' }, {}) as unknown as Logger);
    expect(actual.lines).toEqual(expected.lines);
  });

  it("keeps the request's id when a logged object has its own reqId", () => {
    const { log, lines } = logger();
    const lazy = new RequestLogger(log, { reqId: 'req_5' }, {}) as unknown as Logger;
    lazy.info({ reqId: 'spoofed', a: 1 }, 'line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"reqId":"req_5"');
    expect(lines[0]).not.toContain('spoofed');
  });

  it('hands an object with an own __proto__ key to the real child, as pino would write it', () => {
    const parsed = JSON.parse('{"__proto__":{"req":{"headers":{"cookie":"secret"}}},"a":1}') as object;
    const expected = logger();
    expected.log.child({ reqId: 'req_6' }).info(parsed, 'line');
    const actual = logger();
    (new RequestLogger(actual.log, { reqId: 'req_6' }, {}) as unknown as Logger).info(parsed, 'line');
    expect(actual.lines).toEqual(expected.lines);
  });

  it("keeps a route's own level: a probe at 'warn' drops info lines and writes warnings", () => {
    const expected = logger();
    const child = expected.log.child({ reqId: 'req_2' }, { level: 'warn' });
    const actual = logger();
    const lazy = new RequestLogger(actual.log, { reqId: 'req_2' }, { level: 'warn' }) as unknown as Logger;
    for (const log of [child, lazy]) {
      log.info({ a: 1 }, 'quiet');
      log.warn({ a: 2 }, 'loud');
    }
    expect(actual.lines).toEqual(expected.lines);
    expect(actual.lines).toHaveLength(1);
    expect(lazy.level).toBe('warn');
    expect(lazy.isLevelEnabled('info')).toBe(false);
    expect(lazy.isLevelEnabled('error')).toBe(true);
  });

  it('writes what a route more verbose than the server asks for', () => {
    const { log, lines } = logger('info');
    const lazy = new RequestLogger(log, { reqId: 'req_3' }, { level: 'debug' }) as unknown as Logger;
    lazy.debug({ step: 1 }, 'detail');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ reqId: 'req_3', step: 1, msg: 'detail', level: 20 }),
    ]);
  });

  it('gives children, bindings and level changes of the real child', () => {
    const { log, lines } = logger();
    const lazy = new RequestLogger(log, { reqId: 'req_4' }, {}) as unknown as Logger;
    expect(lazy.bindings()).toEqual({ reqId: 'req_4' });
    lazy.child({ job: 'x' }).info('from a child');
    lazy.level = 'error';
    lazy.warn('dropped now');
    lazy.error('written');
    const written = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toEqual([
      expect.objectContaining({ reqId: 'req_4', job: 'x', msg: 'from a child' }),
      expect.objectContaining({ reqId: 'req_4', msg: 'written' }),
    ]);
  });
});
