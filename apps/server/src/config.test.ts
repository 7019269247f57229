import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('serves on port 3000 with the embedded database under .data by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(join(process.cwd(), '.data'));
    expect(config.database).toEqual({ driver: 'pglite', dataDir: join(process.cwd(), '.data', 'pglite') });
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.redisUrl).toBeNull();
    expect(isAbsolute(config.webDistDir)).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and keeps DATA_DIR absolute', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/nuvem', DATA_DIR: '/var/lib/nuvem', PORT: '8080' });
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u@db:5432/nuvem' });
    expect(config.dataDir).toBe('/var/lib/nuvem');
    expect(config.port).toBe(8080);
    expect(config.publicUrl.origin).toBe('http://localhost:8080');
  });

  it('with the default PUBLIC_URL, counts the loopback addresses of the same port as its own; a set PUBLIC_URL is exact', () => {
    expect(loadConfig({ PORT: '3100' }).allowedRedirectOrigins).toEqual(['http://127.0.0.1:3100', 'http://[::1]:3100']);
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://portal.example.com' }).allowedRedirectOrigins).toEqual([]);
    expect(loadConfig({ PORT: '3100', HOST: '192.0.2.10' }).allowedRedirectOrigins).toEqual([]);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '', PUBLIC_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.database.driver).toBe('pglite');
  });

  it('names every invalid variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://r', PUBLIC_URL: 'ftp://x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: /m);
    expect(problems).toMatch(/^DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/m);
    expect(problems).toMatch(/^REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/m);
    expect(problems).toMatch(/^PUBLIC_URL: /m);
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(ConfigError);
  });
  it('reads the API key tiers, the client-secret grace period and the usage flush interval', () => {
    const defaults = loadConfig({});
    expect(defaults.apiKeys).toEqual({
      rateLimits: { standard: 60, premium: 600, enterprise: 6000 },
      usageFlushIntervalMs: 1000,
    });
    expect(defaults.appSecretGraceSeconds).toBe(86_400);
    const set = loadConfig({
      API_KEY_RATE_LIMITS: 'premium=1000, enterprise=20000',
      APP_SECRET_GRACE_SECONDS: '0',
      USAGE_FLUSH_INTERVAL_MS: '250',
    });
    expect(set.apiKeys.rateLimits).toEqual({ standard: 60, premium: 1000, enterprise: 20000 });
    expect(set.appSecretGraceSeconds).toBe(0);
    expect(set.apiKeys.usageFlushIntervalMs).toBe(250);
    expect(() => loadConfig({ API_KEY_RATE_LIMITS: 'gold=5' })).toThrow(/API_KEY_RATE_LIMITS: 'gold=5'/);
    expect(() => loadConfig({ API_KEY_RATE_LIMITS: 'standard=0' })).toThrow(/API_KEY_RATE_LIMITS/);
  });
  it('trusts no proxy headers unless TRUST_PROXY names the proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8, loopback,10.1.0.0/255.255.0.0' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback', '10.1.0.0/255.255.0.0']);
  });

  it('reads who may read /metrics, refusing what is not an address and a range of everyone', () => {
    expect(loadConfig({}).observability).toMatchObject({ metricsToken: null, metricsAllow: [], otlpEndpoint: null });
    expect(
      loadConfig({ METRICS_TOKEN: 'a-long-enough-secret', METRICS_ALLOW: ' 10.0.0.0/8 , fd00::/8,192.0.2.7' })
        .observability,
    ).toMatchObject({ metricsToken: 'a-long-enough-secret', metricsAllow: ['10.0.0.0/8', 'fd00::/8', '192.0.2.7'] });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    for (const bad of ['loopback', 'host.example', '10.0.0.0/33', 'fe80::1%eth0', '10.0.0.0/255.0.0.0']) {
      expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW: .* is not an IP address/);
    }
    for (const everyone of ['0.0.0.0/0', '::/0']) {
      expect(() => loadConfig({ METRICS_ALLOW: everyone })).toThrow(/METRICS_ALLOW: .* allows every address/);
    }
    // IPv4 written as IPv6 would slip past the checks (::ffff:0.0.0.0/96 matches every IPv4 client).
    for (const mapped of ['::ffff:0.0.0.0/96', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a00:1']) {
      expect(() => loadConfig({ METRICS_ALLOW: mapped }), mapped).toThrow(/METRICS_ALLOW: .* write it as IPv4/);
    }
    // IPv6 ranges holding that form of every IPv4 address, and ranges wider than /8.
    for (const mapped of ['::/80', '::/1', '::/79', '0::/64']) {
      expect(() => loadConfig({ METRICS_ALLOW: mapped }), mapped).toThrow(/METRICS_ALLOW: .* holds every IPv4 address/);
    }
    for (const wide of ['0.0.0.0/1', '128.0.0.0/7', '8000::/1', '2000::/3']) {
      expect(() => loadConfig({ METRICS_ALLOW: wide }), wide).toThrow(/METRICS_ALLOW: .*wider than \/8/);
    }
    expect(loadConfig({ METRICS_ALLOW: '::1,::/127,2001:db8::/32' }).observability.metricsAllow).toHaveLength(3);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });

  it('refuses a TRUST_PROXY that would trust anyone or is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would let any client choose its address/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '0' })).toThrow(
      /TRUST_PROXY: a hop count cannot tell the proxy from a client/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '127.0.0.1,proxy.example' })).toThrow(
      /TRUST_PROXY: 'proxy.example' is not an IP address/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: '10.0.0.0\/33'/);
    expect(() => loadConfig({ TRUST_PROXY: '::1/255.0.0.0' })).toThrow(/TRUST_PROXY: '::1\/255.0.0.0'/);
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.0/8,0.0.0.0/00']) {
      expect(() => loadConfig({ TRUST_PROXY: everyone })).toThrow(/trusts every address/);
    }
  });
});
