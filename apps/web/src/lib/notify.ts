import { toast } from '@/components/ui/sonner';

/** Spec: toasts titled 'Success' or 'Error' (destructive) with the message as description. */
export const notify = {
  success: (message: string, options: { duration?: number } = {}) =>
    toast.success('Success', { description: message, ...options }),
  error: (message: string) => toast.error('Error', { description: message }),
};

/** The message of a failure: the server's (already mapped by the API layer), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * The spec's failure sentence ('Failed to revoke API key'), followed by the server's reason when
 * it adds something: 'Failed to revoke API key: This API key is already revoked'.
 */
export function failureMessage(sentence: string, error: unknown): string {
  const detail = errorMessage(error, '');
  return detail && detail !== sentence ? `${sentence}: ${detail}` : sentence;
}
