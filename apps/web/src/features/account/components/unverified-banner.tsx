import { Loader2Icon, MailWarningIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useResendVerification } from '../api/resend-verification';
import { useFailureText } from './account-email-parts';

export interface UnverifiedBannerProps {
  /** The signed-in user's address (not verified yet). */
  email: string;
  /** The server says the address is verified by now (in another tab): the header's user is stale. */
  onVerified: () => void;
}

/** Under the header until the signed-in user's address is verified: why it matters, and the link again. */
export function UnverifiedBanner({ email, onVerified }: UnverifiedBannerProps) {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const resend = useResendVerification();

  return (
    <aside aria-label={t('banner.label')} className="border-b border-warning/40 bg-warning/15">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6">
        {/* At least 16rem for the words: on a phone the button goes under them. */}
        <p className="flex min-w-0 flex-[1_1_16rem] items-start gap-2 break-words">
          <MailWarningIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span className="min-w-0">{t('banner.unverified', { email })}</span>
        </p>
        {resend.isSuccess ? (
          <p role="status">{t('banner.sent')}</p>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (reply) => {
                  if (reply.status === 'already_verified') onVerified();
                },
              })
            }
          >
            {resend.isPending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
            {resend.isPending ? t('banner.sending') : t('banner.resend')}
          </Button>
        )}
        {resend.isError && (
          <p role="alert" className="w-full font-medium">
            {failureText(resend.error)}
          </p>
        )}
      </div>
    </aside>
  );
}
