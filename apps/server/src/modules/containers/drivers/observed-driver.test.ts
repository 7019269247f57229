import { describe, expect, it } from 'vitest';
import { DriverError } from './container-driver.js';
import { createDemoDriver } from './demo-driver.js';
import { observedDriver } from './observed-driver.js';

describe('observedDriver', () => {
  it('counts each failed call by operation and passes answers and errors through unchanged', async () => {
    const failures: string[] = [];
    const driver = observedDriver(createDemoDriver(), (operation) => failures.push(operation));
    expect(driver.kind).toBe('demo');
    await expect(driver.state('missing')).rejects.toBeInstanceOf(DriverError);
    await expect(driver.start('missing')).rejects.toMatchObject({ notFound: true });
    expect(failures).toEqual(['state', 'start']);
    await driver.create({ name: 'watched', image: 'ubuntu/24.04', cpu: 1, memoryMb: 256, environment: {} });
    await driver.start('watched');
    expect((await driver.state('watched')).status).toBe('running');
    expect(failures).toEqual(['state', 'start']);
  });
});
