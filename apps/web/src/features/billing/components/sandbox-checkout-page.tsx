import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/notify';
import { useSandboxSession } from '../api/get-sandbox-session';
import { BackToPricing } from './back-to-pricing';
import { CheckoutForm } from './sandbox-card-form';
import { RoleRefusalNote } from './role-refusal-note';
import { SandboxNotice } from './sandbox-notice';
import { useBillingAccess } from './use-billing-access';
import { PageTitle } from '@/components/layouts/page-title';

/**
 * The sandbox provider's hosted checkout, served by the portal itself ('/checkout/sandbox/:id'):
 * the order, the buyer's e-mail and a card form. Nothing is charged; the two test cards succeed
 * or are declined, as on a real provider's test mode.
 */
export function SandboxCheckoutPage({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('billing', { keyPrefix: 'checkout' });
  const session = useSandboxSession(sessionId);
  // Paying needs billing:manage in the organisation the checkout belongs to (the server refuses it too).
  const access = useBillingAccess('pay');

  let body: ReactNode;
  if (session.isPending) {
    body = (
      <div className="grid gap-6 md:grid-cols-2" aria-busy="true">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-96 w-full" />
        <span role="status" className="sr-only">
          {t('loading')}
        </span>
      </div>
    );
  } else if (session.isError) {
    const notFound = session.error instanceof ApiError && session.error.status === 404;
    body = (
      <Closed
        title={t(notFound ? 'notFound.title' : 'loadError.title')}
        text={notFound ? t('notFound.text') : errorMessage(session.error, t('loadError.title'))}
      >
        {!notFound && (
          <Button variant="outline" onClick={() => void session.refetch()}>
            {t('retry')}
          </Button>
        )}
      </Closed>
    );
  } else if (session.data.status !== 'pending') {
    const paid = session.data.status === 'paid';
    body = (
      <Closed title={t(paid ? 'paid.title' : 'closed.title')} text={t(paid ? 'paid.text' : 'closed.text')}>
        {paid && (
          <Button asChild>
            <Link to={paths.success.getHref(session.data.order_id)}>{t('paid.viewOrder')}</Link>
          </Button>
        )}
      </Closed>
    );
  } else if (access.refusal) {
    body = (
      <section className="glass flex flex-col items-start gap-4 rounded-xl p-6">
        <RoleRefusalNote text={access.refusal} />
        <BackToPricing label={t('backToPricing')} />
      </section>
    );
  } else {
    body = <CheckoutForm session={session.data} />;
  }

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6 lg:py-12">
      <PageTitle>{t('title')}</PageTitle>
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <SandboxNotice label={t('sandboxLabel')} text={t('sandboxText')} />
      </header>
      {body}
    </main>
  );
}

function Closed({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  const { t } = useTranslation('billing', { keyPrefix: 'checkout' });
  return (
    <section className="glass flex flex-col items-start gap-4 rounded-xl p-6">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-muted-foreground">{text}</p>
      <div className="flex flex-wrap gap-2">
        {children}
        <BackToPricing label={t('backToPricing')} />
      </div>
    </section>
  );
}
