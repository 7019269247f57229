// Debian's Chromium, never a downloaded browser build, for the browser tests and the Lighthouse
// benchmark (bench/web-vitals.ts).
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Keeps Chromium off the network this machine does not have (see the env notes) and lets it run as root in CI. */
export const offlineChromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
