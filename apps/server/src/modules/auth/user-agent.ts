/** A session's device as a person recognises it: the browser and the operating system. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
  /** "Chrome on Linux", "Firefox", "Unknown device": in English, for API readers and logs. */
  device: string;
}

// Order matters: browsers built on Chromium name Chrome (and Safari) too, so they come first.
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\/|\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const systems: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

function first(table: [RegExp, string][], text: string): string | null {
  for (const [pattern, name] of table) if (pattern.test(text)) return name;
  return null;
}

/** Reads a User-Agent header into a browser and a system (a small table, not a full parser). */
export function describeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const text = userAgent?.slice(0, 512) ?? '';
  const browser = text ? first(browsers, text) : null;
  const os = text ? first(systems, text) : null;
  const device = browser && os ? `${browser} on ${os}` : (browser ?? (os ? `Browser on ${os}` : 'Unknown device'));
  return { browser, os, device };
}
