import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` (a slider's live quote asks the server once it settles). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
