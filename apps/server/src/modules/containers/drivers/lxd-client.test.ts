import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverError } from './container-driver.js';
import { LxdClient, operationResult, operationWaitPath, parseEnvelope, withQuery } from './lxd-client.js';
import {
  buildInstanceConfig,
  isConsoleDrain,
  lastLines,
  mapLxdStatus,
  parseMemoryLimit,
  toContainerState,
} from './lxd-driver.js';

const operation = (statusCode: number, extra: Record<string, unknown> = {}) => ({
  id: 'op1',
  status: statusCode === 200 ? 'Success' : 'Failure',
  status_code: statusCode,
  ...extra,
});

describe('LXD replies', () => {
  it('returns sync and async envelopes', () => {
    expect(parseEnvelope(200, '{"type":"sync","status_code":200,"metadata":{"a":1}}')).toEqual({
      type: 'sync',
      status_code: 200,
      metadata: { a: 1 },
    });
    expect(parseEnvelope(202, '{"type":"async","status_code":100,"operation":"/1.0/operations/x"}')).toMatchObject({
      type: 'async',
      operation: '/1.0/operations/x',
    });
  });

  it('turns error replies into DriverError, 404 into notFound', () => {
    const notFound = () => parseEnvelope(404, '{"type":"error","error_code":404,"error":"Instance not found"}');
    expect(notFound).toThrow(DriverError);
    expect(notFound).toThrow('Instance not found');
    expect(() => notFound()).toThrow(expect.objectContaining({ notFound: true }) as Error);
    expect(() => parseEnvelope(400, '{"type":"error","error_code":400,"error":"Instance is running"}')).toThrow(
      expect.objectContaining({ notFound: false, message: 'Instance is running' }) as Error,
    );
    expect(() => parseEnvelope(404, '404 page not found')).toThrow(
      expect.objectContaining({ notFound: true }) as Error,
    );
    expect(() => parseEnvelope(200, '{"type":"sync"}')).toThrow(/unexpected body/);
  });

  it('reads the outcome of an operation from status_code, not the HTTP status', () => {
    expect(operationResult(operation(200, { metadata: { return: 0 } }))).toEqual({ return: 0 });
    expect(operationResult(operation(200, { metadata: null }))).toEqual({});
    expect(() => operationResult(operation(400, { err: 'The instance is already stopped' }))).toThrow(
      'The instance is already stopped',
    );
    expect(() => operationResult({ id: 'op1', status: 'Running', status_code: 103 })).toThrow(/did not finish/);
  });

  it('merges query parameters into paths that may have some', () => {
    expect(withQuery('/1.0/instances', { project: undefined })).toBe('/1.0/instances');
    expect(withQuery('/1.0/operations/x/wait', { timeout: '30', project: 'p1' })).toBe(
      '/1.0/operations/x/wait?timeout=30&project=p1',
    );
    expect(withQuery('/1.0/operations/x?project=p1', { timeout: '5' })).toBe('/1.0/operations/x?project=p1&timeout=5');
    expect(withQuery('/1.0/instances/a/files', { path: '/root/a b' })).toBe(
      '/1.0/instances/a/files?path=%2Froot%2Fa+b',
    );
  });

  it("waits on an operation a cluster names with a query (the query stays after '/wait')", () => {
    expect(operationWaitPath('/1.0/operations/abc', 30)).toBe('/1.0/operations/abc/wait?timeout=30');
    expect(operationWaitPath('/1.0/operations/abc?project=default', 30)).toBe(
      '/1.0/operations/abc/wait?project=default&timeout=30',
    );
  });
});

describe('LXD driver mapping', () => {
  it('maps LXD status names', () => {
    expect(mapLxdStatus('Running')).toBe('running');
    expect(mapLxdStatus('Stopped')).toBe('stopped');
    expect(mapLxdStatus('Starting')).toBe('starting');
    expect(mapLxdStatus('Stopping')).toBe('stopping');
    expect(mapLxdStatus('Frozen')).toBe('error');
    expect(mapLxdStatus('Error')).toBe('error');
  });

  it('builds the instance config from a spec', () => {
    expect(buildInstanceConfig({ cpu: 2, memoryMb: 512, environment: { FOO: 'bar', _X1: '' } })).toEqual({
      'limits.cpu': '2',
      'limits.memory': '512MB',
      'environment.FOO': 'bar',
      'environment._X1': '',
    });
    expect(() => buildInstanceConfig({ cpu: 0, memoryMb: 512, environment: {} })).toThrow(DriverError);
    expect(() => buildInstanceConfig({ cpu: 1, memoryMb: 1.5, environment: {} })).toThrow(DriverError);
    expect(() => buildInstanceConfig({ cpu: 1, memoryMb: 64, environment: { 'A.B': 'x' } })).toThrow(/A\.B/);
  });

  it('parses memory limits in LXD units', () => {
    expect(parseMemoryLimit('128MB')).toBe(128_000_000);
    expect(parseMemoryLimit('128MiB')).toBe(134_217_728);
    expect(parseMemoryLimit('1GiB')).toBe(2 ** 30);
    expect(parseMemoryLimit('4096')).toBe(4096);
    expect(parseMemoryLimit('50%')).toBeNull();
    expect(parseMemoryLimit(undefined)).toBeNull();
  });

  it('sums state counters and finds the first global IPv4 address', () => {
    const state = toContainerState(
      {
        status: 'Running',
        cpu: { usage: 9_370_801 },
        memory: { usage: 749_568 },
        processes: 3,
        disk: {},
        network: {
          lo: {
            addresses: [{ family: 'inet', address: '127.0.0.1', scope: 'local' }],
            counters: { bytes_received: 10, bytes_sent: 10 },
          },
          eth0: {
            addresses: [
              { family: 'inet6', address: 'fd42::1', scope: 'global' },
              { family: 'inet', address: '10.1.2.3', scope: 'global' },
            ],
            counters: { bytes_received: 1000, bytes_sent: 500 },
          },
        },
      },
      { 'limits.memory': '128MB' },
    );
    expect(state).toEqual({
      status: 'running',
      cpuNs: 9_370_801,
      memoryBytes: 749_568,
      memoryLimitBytes: 128_000_000,
      processes: 3,
      networkRxBytes: 1010,
      networkTxBytes: 510,
      diskBytes: null,
      ipAddress: '10.1.2.3',
    });
  });

  it('reports a stopped container as empty', () => {
    expect(
      toContainerState({ status: 'Stopped', cpu: { usage: 0 }, memory: { usage: 0 }, processes: 0, network: null }, {}),
    ).toEqual({
      status: 'stopped',
      cpuNs: 0,
      memoryBytes: 0,
      memoryLimitBytes: null,
      processes: 0,
      networkRxBytes: 0,
      networkTxBytes: 0,
      diskBytes: null,
      ipAddress: null,
    });
  });

  it('tells a drained console buffer from a saved console file', () => {
    expect(isConsoleDrain('inline;filename=')).toBe(true);
    expect(isConsoleDrain(undefined)).toBe(true);
    expect(isConsoleDrain('inline;filename=/var/log/lxd/a/console.log')).toBe(false);
    expect(lastLines('a\nb\r\nc\n', 2)).toEqual(['b', 'c']);
    expect(lastLines('a\nb', 5)).toEqual(['a', 'b']);
    expect(lastLines('a\n', 0)).toEqual([]);
  });
});

// A stand-in daemon on a unix socket: checks the request plumbing without LXD.
describe('LxdClient over a unix socket', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lxd-client-'));
  const socketPath = join(dir, 'unix.socket');
  const seen: { method: string; url: string; contentType: string | undefined; body: string }[] = [];
  let server: Server;

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      void readBody(request).then((body) => {
        const url = request.url ?? '';
        seen.push({ method: request.method ?? '', url, contentType: request.headers['content-type'], body });
        response.setHeader('Content-Type', 'application/json');
        if (url === '/1.0/instances' && request.method === 'POST') {
          response.statusCode = 202;
          response.end(JSON.stringify({ type: 'async', status_code: 100, operation: '/1.0/operations/op1' }));
        } else if (url.startsWith('/1.0/operations/op1/wait')) {
          // LXD answers 200 even though the operation failed.
          response.end(
            JSON.stringify({
              type: 'sync',
              status_code: 200,
              metadata: operation(400, { err: 'This "instances" entry already exists' }),
            }),
          );
        } else if (url.startsWith('/1.0/instances/a/files')) {
          response.end(JSON.stringify({ type: 'sync', status_code: 200, metadata: {} }));
        } else {
          response.statusCode = 404;
          response.end(JSON.stringify({ type: 'error', error_code: 404, error: 'Instance not found' }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits on async operations and reports their failure', async () => {
    const client = new LxdClient({ socketPath });
    await expect(client.call('POST', '/1.0/instances', { name: 'a' }, 7)).rejects.toThrow('entry already exists');
    expect(seen.slice(-2)).toEqual([
      { method: 'POST', url: '/1.0/instances', contentType: 'application/json', body: '{"name":"a"}' },
      { method: 'GET', url: '/1.0/operations/op1/wait?timeout=7', contentType: undefined, body: '' },
    ]);
  });

  it('sends file bodies as octet-stream and maps 404 to notFound', async () => {
    const client = new LxdClient({ socketPath });
    await client.postBytes('/1.0/instances/a/files?path=%2Fx', Buffer.from('data'), { 'X-LXD-type': 'file' });
    expect(seen.at(-1)).toMatchObject({ contentType: 'application/octet-stream', body: 'data' });
    await expect(client.call('GET', '/1.0/instances/missing')).rejects.toMatchObject({ notFound: true });
  });
});
