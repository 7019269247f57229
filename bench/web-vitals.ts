// Lighthouse (lab, default mobile throttling) in Debian's Chromium against the built portal:
// the home page `/`, the programme page `/ingeniousgen` and the MistHaven cabin slot `/?app=5`
// (signed in, through a session cookie). Prints the performance and accessibility scores, LCP, CLS,
// TBT and the JavaScript bytes of the first load. Run with `npm run bench:web` (builds first).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startNuvem } from './lib.js';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const flags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
  ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
});
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
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

  const pages: [string, string, Record<string, string>][] = [
    ['/', `${nuvem.url}/`, {}],
    ['/ingeniousgen', `${nuvem.url}/ingeniousgen`, {}],
    ['cabin slot /?app=5 (signed in)', `${nuvem.url}/?app=5`, { Cookie: cookie }],
  ];
  const rows: Row[] = [];
  const a11yFailures: string[] = [];
  for (const [label, url, extraHeaders] of pages) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders,
    });
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
    rows.push({
      page: label,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      'LCP ms': Math.round(numeric('largest-contentful-paint')),
      CLS: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
      'TBT ms': Math.round(numeric('total-blocking-time')),
      'JS KiB (transfer)': Math.round((script?.transferSize ?? 0) / 102.4) / 10,
    });
  }
  console.log(`web-vitals: Lighthouse lab run, mobile throttling, Chromium at ${chromePath}`);
  console.table(rows);
  for (const failure of a11yFailures) console.log(`accessibility audit failed: ${failure}`);
} finally {
  chrome.kill();
  await nuvem.stop();
}
