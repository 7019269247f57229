import type { VerifyEmailResponse } from '@nuvem/contracts/account-email';
import { CircleCheckIcon, CircleXIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { FailureNote, MailLinkPage, useFailureText } from './account-email-parts';

export interface VerifyEmailPageProps {
  /** The link's token (null when the address has none). */
  token: string | null;
  /** After a link was followed: the header's user has changed (verified, new address, or signed in). */
  onFollowed: (reply: VerifyEmailResponse) => void | Promise<void>;
}

/**
 * '/verify-email?token=…': follows a mailed link once, on arrival (verify the address, confirm a
 * new one, or claim the account by a social sign-in), and says what it did.
 */
export function VerifyEmailPage({ token, onFollowed }: VerifyEmailPageProps) {
  const { t } = useTranslation('accountEmail');
  const failureText = useFailureText();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // A token is single-use: it is sent once, whatever re-renders (or StrictMode's second effect) do.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token, { onSuccess: (reply) => void onFollowed(reply) });
  }, [token, mutate, onFollowed]);

  if (!token) {
    return (
      <MailLinkPage
        title={t('verify.failedTitle')}
        icon={<CircleXIcon aria-hidden="true" className="size-8 text-destructive" />}
      >
        <FailureNote>{t('errors.noToken')}</FailureNote>
        <HomeLinks />
      </MailLinkPage>
    );
  }

  if (verify.isError) {
    // A used or expired link cannot work again; anything else (the network) may.
    const final = verify.error instanceof ApiError && verify.error.status >= 400 && verify.error.status < 500;
    return (
      <MailLinkPage
        title={t('verify.failedTitle')}
        icon={<CircleXIcon aria-hidden="true" className="size-8 text-destructive" />}
      >
        <FailureNote>{failureText(verify.error)}</FailureNote>
        {verify.error instanceof ApiError && verify.error.code === 'SIGN_IN_TO_FOLLOW' ? (
          <Button asChild className="self-start">
            <Link to={paths.login.getHref(`${paths.verifyEmail.getHref()}?token=${encodeURIComponent(token)}`)}>
              {t('verify.signIn')}
            </Link>
          </Button>
        ) : final ? (
          <HomeLinks />
        ) : (
          <Button
            onClick={() => mutate(token, { onSuccess: (reply) => void onFollowed(reply) })}
            className="self-start"
          >
            {t('verify.retry')}
          </Button>
        )}
      </MailLinkPage>
    );
  }

  if (verify.isSuccess) {
    const reply = verify.data;
    const title =
      reply.result === 'verified'
        ? t('verify.verifiedTitle')
        : reply.result === 'email_changed'
          ? t('verify.changedTitle')
          : t('verify.linkedTitle');
    const text =
      reply.result === 'verified'
        ? t('verify.verifiedText', { email: reply.email })
        : reply.result === 'email_changed'
          ? t('verify.changedText', { email: reply.email })
          : reply.signed_in
            ? t('verify.linkedText', { email: reply.email })
            : t('verify.linkedSignInText', { email: reply.email });
    return (
      <MailLinkPage title={title} icon={<CircleCheckIcon aria-hidden="true" className="size-8 text-success" />}>
        <p role="status">{text}</p>
        {reply.result === 'social_linked' && !reply.signed_in ? (
          <Button asChild className="self-start">
            <Link to={paths.login.getHref()}>{t('verify.signIn')}</Link>
          </Button>
        ) : (
          <HomeLinks />
        )}
      </MailLinkPage>
    );
  }

  return (
    <MailLinkPage title={t('verify.title')}>
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Loader2Icon aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        {t('verify.checking')}
      </p>
    </MailLinkPage>
  );
}

function HomeLinks() {
  const { t } = useTranslation('accountEmail');
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button asChild>
        <Link to={paths.home.getHref()}>{t('verify.home')}</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.account.getHref()}>{t('verify.account')}</Link>
      </Button>
    </div>
  );
}
