// Lighthouse (lab, default mobile throttling) in Debian's Chromium against the built portal, on the
// pages issue 35 names: `/`, the sign-in page, the events catalogue, pricing, and signed in (through
// a session cookie) the developer dashboard (with an application, a key and a demo container), the
// own profile and the MLM dashboard slot `/?app=6`. Each page three times; prints the median of the
// performance and accessibility scores, LCP, CLS, TBT and the JavaScript bytes transferred, beside
// the goals (performance >= 95, accessibility 100, LCP <= 2.0 s, TBT <= 150 ms), and the first-load
// size of the build against its budget. Run with `npm run bench:web` (builds first); RUNS=1 for a
// quick look.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath, offlineChromiumFlags } from '../e2e/chromium.js';
import { firstLoad } from '../apps/web/first-load.mjs';
import { startNuvem } from './lib.js';

const flags = ['--headless=new', ...offlineChromiumFlags];

/** The median of each figure over a page's runs (each figure on its own). */
function median(page: string, samples: Row[]): Row {
  const mid = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  };
  const of = (key: Exclude<keyof Row, 'page'>) => mid(samples.map((sample) => sample[key]));
  return {
    page,
    performance: of('performance'),
    accessibility: of('accessibility'),
    'LCP ms': of('LCP ms'),
    CLS: of('CLS'),
    'TBT ms': of('TBT ms'),
    'JS KiB (transfer)': of('JS KiB (transfer)'),
  };
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  'LCP ms': number;
  CLS: number;
  'TBT ms': number;
  'JS KiB (transfer)': number;
}

const nuvem = await startNuvem({
  SEED_DEMO: 'false',
  CONTAINER_DRIVER: 'demo',
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
});
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: flags });
try {
  const registered = await fetch(`${nuvem.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: nuvem.url },
    body: JSON.stringify({
      email: `vitals-${Date.now()}@example.com`,
      password: 'lighthouse passphrase',
      displayName: 'Vitals',
    }),
  });
  const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error(`could not sign in: ${registered.status}`);

  // Something to show on the signed-in pages: an application with a key, and a container.
  const asUser = (path: string, body: object) =>
    fetch(`${nuvem.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: nuvem.url, cookie },
      body: JSON.stringify(body),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { application?: { id: string } };
    });
  const { application } = await asUser('/applications', { name: 'Vitals App' });
  await asUser(`/applications/${application?.id ?? ''}/keys`, { name: 'vitals key' });
  await asUser('/api/v1/containers', { name: 'vitals-web', tier: 'medium' });

  const pages: [string, string, Record<string, string>][] = [
    ['/', `${nuvem.url}/`, {}],
    ['/login', `${nuvem.url}/login`, {}],
    ['/events', `${nuvem.url}/events`, {}],
    ['/pricing', `${nuvem.url}/pricing`, {}],
    ['/developer (signed in)', `${nuvem.url}/developer`, { Cookie: cookie }],
    ['/profile/me (signed in)', `${nuvem.url}/profile/me`, { Cookie: cookie }],
    ['MLM dashboard /?app=6 (signed in)', `${nuvem.url}/?app=6`, { Cookie: cookie }],
  ];
  const runs = Math.max(1, Number(process.env.RUNS ?? 3));
  // PAGES=/,/login measures only the pages whose label starts with one of these.
  const only = process.env.PAGES?.split(',').filter(Boolean);
  const rows: Row[] = [];
  const a11yFailures: string[] = [];
  for (const [label, url, extraHeaders] of pages) {
    if (only && !only.some((prefix) => label === prefix || label.startsWith(`${prefix} `))) continue;
    const samples: Row[] = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse's trace recording now and then misses the navigation start (NO_NAVSTART): try again.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders,
        });
        if (!result?.lhr.runtimeError || attempt === 3) break;
        console.log(`${label}: ${result.lhr.runtimeError.code}, running Lighthouse again`);
      }
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      const items =
        (
          lhr.audits['resource-summary']?.details as
            { items?: { resourceType: string; transferSize: number }[] } | undefined
        )?.items ?? [];
      const script = items.find((item) => item.resourceType === 'script');
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (audit && audit.score === 0) a11yFailures.push(`${label}: ${audit.id} (${audit.title})`);
      }
      if (process.env.DETAILS) {
        // DETAILS=1: which element was the largest paint, and when the first one came.
        const element = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? null);
        console.log(
          `${label}: FCP ${String(Math.round(numeric('first-contentful-paint')))} ms, LCP element ${element.slice(0, 600)}`,
        );
      }
      samples.push({
        page: label,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        'LCP ms': Math.round(numeric('largest-contentful-paint')),
        CLS: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
        'TBT ms': Math.round(numeric('total-blocking-time')),
        'JS KiB (transfer)': Math.round((script?.transferSize ?? 0) / 102.4) / 10,
      });
    }
    rows.push(median(label, samples));
  }
  console.log(
    `web-vitals: Lighthouse lab run, mobile throttling, median of ${String(runs)} run(s), Chromium at ${chromiumPath}`,
  );
  console.log('goals: performance >= 95, accessibility 100, LCP <= 2000 ms, TBT <= 150 ms');
  console.table(rows);
  const size = firstLoad();
  console.log(
    `first load (the app that hydrates the page): ${(size.js / 1024).toFixed(1)} KB JavaScript, ${(size.css / 1024).toFixed(1)} KB CSS, gzip (goal 120 KB JavaScript); before the first paint (what index.html names): ${(size.paint.js / 1024).toFixed(1)} KB JavaScript, ${(size.paint.css / 1024).toFixed(1)} KB CSS`,
  );
  for (const failure of new Set(a11yFailures)) console.log(`accessibility audit failed: ${failure}`);
} finally {
  chrome.kill();
  await nuvem.stop();
}
