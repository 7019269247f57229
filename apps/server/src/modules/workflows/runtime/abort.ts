/**
 * The error an aborted agent call ends with: the signal's reason when it is an error already (the
 * TimeoutError of AbortSignal.timeout, fetch's AbortError), else an AbortError that names the
 * reason: the engine aborts with plain strings ('cancelled', 'shutdown'), and a caller should not
 * have to catch a string.
 */
export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const why = typeof reason === 'string' ? ` (${reason})` : '';
  return new DOMException(`The agent call was aborted${why}`, 'AbortError');
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortError(signal);
}
