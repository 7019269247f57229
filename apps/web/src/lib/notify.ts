import { toast } from '@/components/ui/sonner';
import { i18n } from '@/lib/i18n';

/** Spec: toasts titled 'Success' or 'Error' (destructive, in the language in use) with the message as description. */
export const notify = {
  success: (message: string, options: { duration?: number } = {}) =>
    toast.success(i18n.t('common:status.success'), { description: message, ...options }),
  error: (message: string) => toast.error(i18n.t('common:status.error'), { description: message }),
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
