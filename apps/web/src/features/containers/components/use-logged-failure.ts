import { useEffect } from 'react';

/** Spec 8: a metrics failure is only logged; the tab keeps showing what it has. */
export function useLoggedFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.warn(`${what} could not be loaded`, error);
  }, [error, what]);
}
