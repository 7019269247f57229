import { describe, expect, it } from 'vitest';
import { createDemoDriver } from './demo-driver.js';

const MINUTE = 60_000;

/** A demo driver on a clock the test moves. */
function demo(start = Date.parse('2026-03-05T09:00:00.000Z')) {
  let t = start;
  const driver = createDemoDriver(() => t);
  return { driver, advance: (ms: number) => (t += ms) };
}

const spec = {
  name: 'nuvem-web',
  image: 'ubuntu/24.04',
  cpu: 1,
  memoryMb: 1024,
  environment: { PORT: '8080' },
};

/** '[2026-03-05T09:00:00.000Z] text' -> { at, text }. */
function parse(line: string) {
  const match = /^\[(.+?)\] (.*)$/.exec(line);
  if (!match) throw new Error(`not a log line: ${line}`);
  return { at: Date.parse(match[1]!), text: match[2]! };
}

/** The text with its figures blanked: two lines that differ only in numbers read the same. */
const shape = (text: string) => text.replace(/\d+(\.\d+)?/g, '#');

describe('demo driver console', () => {
  it('boots like a machine and says plainly that it is the demo driver', async () => {
    const { driver } = demo();
    await driver.create(spec);
    await driver.start(spec.name);
    const lines = (await driver.consoleLog(spec.name, 100)).map((line) => parse(line).text);
    expect(lines[0]).toMatch(/simulated instance of the Nuvem demo driver \(no real machine runs it\)/);
    expect(lines).toContain('nuvem-demo: system booted');
    expect(lines.some((line) => line.includes('listening on 127.0.0.1:8080'))).toBe(true);
    expect(lines.some((line) => /eth0: DHCPv4 address 198\.18\.0\.\d+\/24/.test(line))).toBe(true);
  });

  it('tells varied, plausible activity over time instead of repeating one line', async () => {
    const { driver, advance } = demo();
    await driver.create(spec);
    await driver.start(spec.name);
    advance(15 * MINUTE);
    const lines = (await driver.consoleLog(spec.name, 1000)).map(parse);
    const activity = lines.slice(lines.findIndex((l) => l.text === 'nuvem-demo: system booted') + 1);

    // Roughly one line every few seconds, at the moment each happened, never going back in time.
    expect(activity.length).toBeGreaterThan(100);
    expect(activity.length).toBeLessThan(15 * 60);
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.at).toBeGreaterThanOrEqual(lines[i - 1]!.at);
    expect(new Set(activity.map((l) => l.at)).size).toBe(activity.length);

    const texts = activity.map((l) => l.text);
    expect(texts.some((text) => /heartbeat/i.test(text))).toBe(false);
    // Nearly every line says something of its own, and they are of several kinds.
    expect(new Set(texts).size / texts.length).toBeGreaterThan(0.9);
    expect(new Set(texts.map(shape)).size).toBeGreaterThan(15);
    expect(
      texts.some((text) => /^nginx: 198\.51\.100\.\d+ "(GET|POST|PUT|DELETE) \/\S* HTTP\/1\.1" \d{3} /.test(text)),
    ).toBe(true);
    expect(texts.some((text) => /^(CRON|systemd)/.test(text))).toBe(true);
    expect(texts.some((text) => /^sshd\[\d+\]/.test(text))).toBe(true);

    // A health line each minute, with its own figures each time.
    const health = texts.filter((text) => text.includes(': health ok'));
    expect(health.length).toBeGreaterThanOrEqual(14);
    expect(health.length).toBeLessThanOrEqual(15);
    expect(new Set(health).size).toBe(health.length);
    expect(health.at(-1)).toMatch(/up 15 min, \d+ requests served/);
  });

  it('is quiet while stopped and boots again on start', async () => {
    const { driver, advance } = demo();
    await driver.create(spec);
    await driver.start(spec.name);
    advance(MINUTE);
    await driver.stop(spec.name);
    const atStop = (await driver.consoleLog(spec.name, 1000)).length;
    expect((await driver.consoleLog(spec.name, 1)).map((l) => parse(l).text)).toEqual(['nuvem-demo: system halted']);
    advance(30 * MINUTE);
    expect(await driver.consoleLog(spec.name, 1000)).toHaveLength(atStop);
    await driver.start(spec.name);
    expect((await driver.consoleLog(spec.name, 1)).map((l) => parse(l).text)).toEqual(['nuvem-demo: system booted']);
  });

  it('tells only the recent activity after a long quiet spell, and keeps at most 1000 lines', async () => {
    const { driver, advance } = demo();
    await driver.create(spec);
    await driver.start(spec.name);
    advance(3 * 24 * 60 * MINUTE);
    const lines = await driver.consoleLog(spec.name, 5000);
    expect(lines.length).toBeLessThanOrEqual(1000);
    expect(parse(lines.at(-1)!).at).toBeGreaterThan(Date.parse('2026-03-08T08:50:00.000Z'));
  });

  it('tells the same story for the same instance on the same clock (reproducible tests)', async () => {
    const a = demo();
    const b = demo();
    for (const { driver, advance } of [a, b]) {
      await driver.create(spec);
      await driver.start(spec.name);
      advance(5 * MINUTE);
    }
    const [first, second] = await Promise.all([
      a.driver.consoleLog(spec.name, 500),
      b.driver.consoleLog(spec.name, 500),
    ]);
    // Each driver hands out its own address; the rest is the same.
    const story = (lines: string[]) => lines.slice(-20).map((l) => parse(l).text.replace(/198\.18\.0\.\d+/g, 'ip'));
    expect(story(first)).toEqual(story(second));
  });
});
