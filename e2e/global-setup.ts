import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGitHubProvider } from '../apps/server/src/test/providers/github-provider.testing.js';
import { freePort } from '../apps/server/src/test/providers/listen.testing.js';
import { startOidcProvider } from '../apps/server/src/test/providers/oidc-provider.testing.js';
import { builtServerEntry, repoRoot, startProcess } from '../apps/server/src/test/server-process.testing.js';
import { startTestSmtp } from '../apps/server/src/test/smtp.testing.js';

/**
 * Starts local social-sign-in providers (a real OpenID provider for Google, a GitHub stand-in),
 * an SMTP server that saves each message it receives in NUVEM_E2E_MAIL_DIR (read by e2e/mail.ts),
 * and the built server on a free port with an empty data directory, publishes the server's
 * address to the tests in NUVEM_E2E_URL, and returns the teardown that stops everything.
 */
export default async function globalSetup() {
  if (!existsSync(builtServerEntry) || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The portal is not built: run `npm run build` before the browser tests.');
  }
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`; // a host name: WebAuthn (passkeys) refuses IP addresses
  const google = await startOidcProvider([`${publicUrl}/oauth/google/callback`]);
  const github = await startGitHubProvider();
  // A real SMTP server: each message it receives is saved as an .eml file the tests read (e2e/mail.ts).
  const mailDir = await mkdtemp(join(tmpdir(), 'nuvem-e2e-mail-'));
  const smtp = await startTestSmtp({ saveDir: mailDir });

  const dataDir = await mkdtemp(join(tmpdir(), 'nuvem-e2e-'));
  // Nine apps, one under maintenance; the active ones point at this machine (no outside traffic).
  const ecosystemFile = join(dataDir, 'ecosystem.json');
  const ids = ['projects', 'events', 'collab', 'crm', 'erp', 'chat', 'mail', 'marketing', 'platform'];
  await writeFile(
    ecosystemFile,
    JSON.stringify({
      apps: ids.map((id) => ({
        id,
        name: `Nuvem ${id[0]?.toUpperCase() ?? ''}${id.slice(1)}`,
        description: `The ${id} application of the ecosystem.`,
        icon: 'cloud',
        color: '#38bdf8',
        url: `${publicUrl}/events?from=${id}`,
        status: id === 'erp' ? 'maintenance' : 'active',
      })),
    }),
  );
  const server = startProcess({
    args: [builtServerEntry],
    cwd: repoRoot,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // The pricing spec applies the demo coupon NUVEM20.
      SEED_DEMO_COUPON: 'true',
      // The events specs browse a seeded catalogue (deterministic: a fixed seed).
      SEED_EVENTS_COUNT: '60',
      // The container specs create large containers for users on Free; plans' quotas are API-tested.
      PLAN_QUOTAS: 'false',
      ECOSYSTEM_FILE: ecosystemFile,
      CONTAINER_DRIVER: 'demo',
      // Sample every second so the Metrics tab's charts have points within a test.
      METRICS_SAMPLE_INTERVAL_MS: '1000',
      // Many sign-ins from one address in one run: keep brute-force limits out of the way.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nuvem <no-reply@nuvem.test>',
      ...google.env,
      ...github.env,
    },
    startTimeoutMs: 90_000,
  });
  await server.listening;
  process.env.NUVEM_E2E_URL = publicUrl;
  process.env.NUVEM_E2E_MAIL_DIR = mailDir;
  process.env.NUVEM_E2E_GOOGLE_NAME = google.account.name;
  process.env.NUVEM_E2E_GITHUB_NAME = github.user.name ?? github.user.login;

  return async () => {
    const code = await server.stop();
    await Promise.all([
      google.close(),
      github.close(),
      smtp.close(),
      rm(dataDir, { recursive: true, force: true }),
      rm(mailDir, { recursive: true, force: true }),
    ]);
    if (code !== 0) throw new Error(`server did not shut down cleanly (exit ${code}):\n${server.output()}`);
  };
}
