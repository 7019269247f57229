import { describe, expect, it } from 'vitest';
import { deviceWords, isMobileSystem } from './session-device';

describe('deviceWords', () => {
  it('names the browser and the system when both are known, else what is known', () => {
    expect(deviceWords({ browser: 'Chrome', os: 'Linux' })).toEqual({
      key: 'device',
      values: { browser: 'Chrome', os: 'Linux' },
    });
    expect(deviceWords({ browser: null, os: 'Android' })).toEqual({
      key: 'browserOnSystem',
      values: { os: 'Android' },
    });
    expect(deviceWords({ browser: 'curl', os: null })).toEqual({ key: 'named', values: { name: 'curl' } });
    expect(deviceWords({ browser: null, os: null })).toEqual({ key: 'unknownDevice' });
  });

  it('tells phones from computers', () => {
    expect([isMobileSystem('iOS'), isMobileSystem('Android'), isMobileSystem('macOS'), isMobileSystem(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
