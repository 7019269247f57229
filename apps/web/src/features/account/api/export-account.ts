import { accountExportFileName } from '@nuvem/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { ApiError, failedReplyError, reportSessionRejected } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { fileNameOf } from '../lib/download';

/**
 * GET /account/export: everything the portal holds about the user, as the JSON file the server
 * names. Only the browser's session cookie may ask (no bearer token is sent).
 */
export async function exportAccount(): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(`${env.authUrl}/account/export`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    throw new ApiError(0, i18n.t('common:errors.network'), undefined, undefined, { cause: error });
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const error = failedReplyError(response, payload);
    if (response.status === 401) reportSessionRejected(error);
    throw error;
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? accountExportFileName(new Date());
  return { blob, fileName };
}

export function useExportAccount() {
  return useMutation({ mutationFn: exportAccount });
}
