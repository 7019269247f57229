import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import type { ChatFailure } from '../lib/assistant';

/** Why a message got no answer, in place above the message box. */
export function ChatFailureMessage({ failure }: { failure: ChatFailure }) {
  const { t } = useTranslation(['shell', 'common']);
  const f = useFormat();
  // An ended session: the shell replaces the slot with its sign-in prompt at once.
  if (failure.kind === 'session') return null;
  let body;
  switch (failure.kind) {
    case 'blocked':
      body = (
        <>
          <p className="font-medium">{t('assistant.errors.blocked')}</p>
          {failure.threatLevel && (
            <p>{t('assistant.errors.threatLevel', { level: t(`assistant.threat.${failure.threatLevel}`) })}</p>
          )}
          {failure.messages.length > 0 && (
            <ul aria-label={t('assistant.errors.findings')} className="list-disc pl-5">
              {failure.messages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </>
      );
      break;
    case 'tokens':
      body = (
        <p>
          {t('assistant.errors.tokens')}{' '}
          <Link to={paths.pricing.getHref()} className="font-medium underline underline-offset-4">
            {t('assistant.errors.buyTokens')}
          </Link>
        </p>
      );
      break;
    case 'rateLimited':
      body = (
        <p>
          {failure.seconds === null
            ? t('assistant.errors.rateLimitedNoWait')
            : t('assistant.errors.rateLimited', { count: failure.seconds, n: f.count(failure.seconds) })}
        </p>
      );
      break;
    case 'securityOffline':
      body = <p>{t('assistant.errors.securityOffline')}</p>;
      break;
    case 'noAnswer':
      body = <p>{t('assistant.errors.noAnswer')}</p>;
      break;
    case 'timeout':
      body = <p>{t('assistant.errors.timeout')}</p>;
      break;
    case 'agentGone':
      body = <p>{t('assistant.errors.agentGone')}</p>;
      break;
    case 'network':
      body = <p>{failure.message || t('common:errors.network')}</p>;
      break;
    case 'refused':
      body = <p>{t('assistant.errors.refused', { reason: failure.message })}</p>;
      break;
    case 'failed':
      body = <p>{t('assistant.errors.failed', { reason: failure.message || t('common:errors.unexpected') })}</p>;
      break;
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-1 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      {body}
    </div>
  );
}
