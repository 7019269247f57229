import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';
import { toast } from '@/components/ui/sonner';
import '@/app/i18n';
import { english } from '@/app/i18n.en';
import { portuguese } from '@/app/i18n.pt-PT';
import { addLanguage, i18n } from '@/lib/i18n';
import { installBrowserGaps } from './browser-gaps.testing';

installBrowserGaps();
// Every namespace of both languages at once in the tests (the app fetches a namespace with the
// screen that reads it, and Portuguese when a visitor reads it).
addLanguage('en', english);
addLanguage('pt-PT', portuguese);

// Role queries walk the whole DOM: on a big page (the pricing page's four plans and add-ons) in a
// busy CI run they take more than the default second. What a test waits for must appear within 5 s.
configure({ asyncUtilTimeout: 5_000 });

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
  // Toasts left in sonner's store would be replayed to the next test's Toaster.
  toast.dismiss();
  window.localStorage.clear();
  // Every test starts in English, whatever the one before switched to.
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
  console.error = originalError;
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n')}`);
});
