import { SpanKind } from '@opentelemetry/api';
import { inSpan, tracingOn } from '../../../lib/tracing.js';
import type { ContainerDriver } from './container-driver.js';

/**
 * The driver with every call observed: a failure counted (`nuvem_container_driver_errors_total`
 * by driver and operation) and, with tracing on, each call a client span (`lxd state`).
 */
export function observedDriver(driver: ContainerDriver, onError: (operation: string) => void): ContainerDriver {
  const traced = tracingOn();
  const observed: Record<string, unknown> = { kind: driver.kind };
  for (const key of Object.keys(driver)) {
    const method: unknown = Reflect.get(driver, key);
    if (typeof method !== 'function') {
      observed[key] = method;
      continue;
    }
    const call = (args: unknown[]): Promise<unknown> =>
      Promise.resolve(Reflect.apply(method, driver, args)).catch((error: unknown) => {
        onError(key);
        throw error;
      });
    observed[key] = traced
      ? (...args: unknown[]) =>
          inSpan(`${driver.kind} ${key}`, { 'nuvem.driver': driver.kind }, () => call(args), SpanKind.CLIENT)
      : (...args: unknown[]) => call(args);
  }
  return observed as unknown as ContainerDriver;
}
