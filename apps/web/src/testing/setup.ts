import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

// A React warning (bad nesting, missing key, act…) fails the test that caused it. A test that
// expects console.error spies on it itself.
const originalError = console.error;
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(format(...args));
  };
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  console.error = originalError;
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
