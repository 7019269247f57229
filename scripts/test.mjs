// `npm test`: every suite this machine can run. Unit and API tests on PGlite always; the API
// tests again on PostgreSQL when TEST_DATABASE_URL is set; browser tests when Debian's Chromium
// is installed; the three-instance failover when nginx, PostgreSQL and Redis are. What is skipped
// is named with the command that enables it. With CI=true nothing may be skipped. Ends with one line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkFirstLoad } from '../apps/web/first-load.mjs';
import { buildIfStale } from './build-if-stale.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const runStarted = Date.now();
const ci = ['true', '1'].includes(String(process.env.CI).toLowerCase());
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const resultsDir = join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Each suite's wall time, and every test file's own time, for the report at the end. */
const wallTimes = [];
const fileTimes = [];
const skippedSuites = [];
const problems = [];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(resultsDir, file), 'utf8'));
  } catch {
    return null;
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Playwright's JSON report: the summed duration of each spec file's test runs, per project. */
function playwrightFileTimes(report) {
  const times = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `${test.projectName}\t${spec.file ?? suite.file}`;
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        times.set(key, (times.get(key) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return times;
}

/** Playwright's JSON report: each test that failed (unexpected), with the first lines of its error. */
function playwrightFailures(report) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = (test.results ?? []).at(-1);
        const message = (last?.error?.message ?? '').split('\n').slice(0, 6).join('\n');
        failures.push(
          `[${test.projectName}] ${spec.file ?? suite.file} > ${[...titles, spec.title].join(' > ')}\n${message}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return failures;
}

function skip(what, howToEnable) {
  if (ci) problems.push(`${what} cannot run, and CI=true allows no skips: ${howToEnable}`);
  else skippedSuites.push(`${what} (to run it: ${howToEnable})`);
}

// 1. Unit and API tests (Vitest): web, server on PGlite, server on PostgreSQL.
if (!process.env.TEST_DATABASE_URL) {
  skip('API tests on PostgreSQL', 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test');
}
if (!process.env.TEST_REDIS_URL) {
  skip('Redis-backed rate-limit tests', 'TEST_REDIS_URL=redis://127.0.0.1:6379 npm test');
}
const lxdSocket = process.env.TEST_LXD_SOCKET ?? '/var/lib/lxd/unix.socket';
if (!existsSync(lxdSocket)) {
  skip('LXD driver tests (no LXD socket)', 'bash scripts/lxd-setup.sh (as root), then npm test');
}
const lxdClusterSocket = process.env.TEST_LXD_CLUSTER_SOCKET ?? '/var/lib/lxd-c1/unix.socket';
if (!existsSync(lxdClusterSocket)) {
  skip(
    'LXD cluster placement tests (no two-member cluster)',
    'bash scripts/lxd-setup.sh && bash scripts/lxd-cluster-setup.sh (as root), then npm test',
  );
}
const lxdTlsDir = process.env.LXD_TLS_DIR ?? '/tmp/nuvem-lxd-tls';
if (!['client.crt', 'client.key', 'server.crt'].every((file) => existsSync(join(lxdTlsDir, file)))) {
  skip('LXD over HTTPS tests (no trusted client certificate)', 'bash scripts/lxd-setup.sh (as root), then npm test');
}
let started = Date.now();
const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(resultsDir, 'vitest.json')}`,
  `--reporter=${join(root, 'scripts/vitest-errors-reporter.mjs')}`,
]);
wallTimes.push(['Vitest (unit, API, web)', Date.now() - started]);
const vitest = readJson('vitest.json');
for (const { project, file, ms } of readJson('vitest-errors.json')?.files ?? []) {
  fileTimes.push({ suite: project, file, ms });
}
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (vitestStatus !== 0) {
  problems.push(`Vitest exited with ${vitestStatus}`);
  // Errors outside any test fail the run too: named here, where the end of the log shows them.
  const errors = readJson('vitest-errors.json');
  for (const error of errors?.unhandled ?? []) problems.push(`Vitest: unhandled error outside a test:\n${error}`);
  for (const module of errors?.failedToLoad ?? []) {
    problems.push(`Vitest: ${module.file} failed:\n${module.errors.join('\n')}`);
  }
  if (!vitest || vitest.numFailedTests === 0) totals.failed += 1; // a suite that failed to load
  // Each failed test by name, with the first lines of its error: CI keeps only the end of the
  // log, where the reporter's own account of the failure has long scrolled away.
  for (const file of vitest?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n');
      problems.push(`Vitest: ${relative(root, file.name)} > ${test.fullName}\n${message}`);
    }
  }
}

// 2. Browser tests (Playwright in Debian's Chromium) against the built server.
if (existsSync(chromium)) {
  started = Date.now();
  buildIfStale();
  wallTimes.push(['build (when stale)', Date.now() - started]);
  // The first load of the built app against its budget (apps/web/size-budget.json).
  const size = checkFirstLoad();
  console.log(
    `First load of the web app: ${(size.js / 1024).toFixed(1)} KB JavaScript, ${(size.css / 1024).toFixed(1)} KB CSS (gzip)`,
  );
  problems.push(...size.problems.map((problem) => `size budget: ${problem}`));
  started = Date.now();
  const status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  wallTimes.push(['Playwright (browser)', Date.now() - started]);
  const e2e = readJson('e2e.json');
  for (const [key, ms] of playwrightFileTimes(e2e)) {
    const [project, file] = key.split('\t');
    fileTimes.push({ suite: `playwright:${project}`, file: `e2e/tests/${file}`, ms });
  }
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  }
  if (status !== 0) {
    problems.push(`Playwright exited with ${status}`);
    if (!e2e?.stats || e2e.stats.unexpected === 0) totals.failed += 1;
    for (const failure of playwrightFailures(e2e)) problems.push(`Playwright: ${failure}`);
  }
} else {
  skip(`Browser tests (no ${chromium})`, 'apt-get install -y chromium');
}

// 3. Scale-out (issue 36): three built instances on PostgreSQL and Redis behind Debian's nginx, one
// killed with SIGKILL under load, then (a second run) one stopped long enough to be taken for dead
// (bench/failover.ts, short form): only requests in flight on it may fail, its jobs are taken over,
// every run completes once, realtime streams resume without repeats.
const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
if (!existsSync(nginx)) {
  skip('Failover of three instances behind nginx (no nginx)', 'apt-get install -y nginx');
} else if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  skip(
    'Failover of three instances behind nginx (needs PostgreSQL and Redis)',
    'set TEST_DATABASE_URL and TEST_REDIS_URL',
  );
} else {
  buildIfStale();
  // Killed (SIGKILL), then only slow (SIGSTOP for 16 s, taken for dead, then going on: fenced).
  for (const mode of ['kill', 'pause']) {
    started = Date.now();
    const status = run('npx', ['tsx', 'bench/failover.ts'], {
      FAILOVER_MODE: mode,
      FAILOVER_SECONDS: '12',
      FAILOVER_SETTLE: '60',
      BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL,
      REDIS_URL: process.env.TEST_REDIS_URL,
    });
    wallTimes.push([`Failover (3 instances, nginx, ${mode})`, Date.now() - started]);
    fileTimes.push({ suite: `failover:${mode}`, file: 'bench/failover.ts', ms: Date.now() - started });
    if (status === 0) totals.passed += 1;
    else {
      totals.failed += 1;
      problems.push(`Failover (${mode}): bench/failover.ts exited with ${status} (its output above says what failed)`);
    }
  }
}

console.log('');
console.log('Slowest test files (a file run by two projects counts once per project; Playwright: its tests summed):');
for (const { suite, file, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 15)) {
  console.log(`  ${seconds(ms).padStart(8)}  ${suite.padEnd(20)} ${file}`);
}
console.log('Wall time per suite:');
for (const [suite, ms] of wallTimes) console.log(`  ${seconds(ms).padStart(8)}  ${suite}`);
console.log(`  ${seconds(Date.now() - runStarted).padStart(8)}  npm test in all`);
console.log('');
for (const suite of skippedSuites) console.log(`Skipped: ${suite}`);
for (const problem of problems) console.log(`Failed: ${problem}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
