import { LockIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/layouts/spinner';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';

/**
 * Renders `children` for a signed-in user (spec: the developer dashboard and what it opens need
 * authentication). A signed-out visitor gets a sign-in link that returns to this address.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const auth = useAuth();
  const location = useLocation();
  // `loading` is also true while a login or logout runs; a user already shown keeps the page.
  if (auth.loading && !auth.user) return <Spinner className="flex-1" label={t('requireSignIn.checking')} />;
  if (auth.user) return children;
  const here = `${location.pathname}${location.search}${location.hash}`;
  return (
    <main className="flex flex-1 items-center justify-center p-4">
      <div className="glass flex w-full max-w-md flex-col items-center gap-4 rounded-2xl p-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-glass-strong">
          <LockIcon aria-hidden="true" className="size-6 text-primary" />
        </span>
        <h1 className="text-2xl font-bold">{t('requireSignIn.title')}</h1>
        <p className="text-muted-foreground">{t('requireSignIn.text')}</p>
        <Link className={buttonVariants({ size: 'lg' })} to={paths.login.getHref(here)}>
          {tCommon('actions.signIn')}
        </Link>
      </div>
    </main>
  );
}
