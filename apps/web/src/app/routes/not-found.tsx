import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation('shell');
  const location = useLocation();

  useEffect(() => {
    // Spec: the attempted path is logged. As information, not a warning: a mistyped address is the
    // visitor's slip, not a fault of the app, and a page that warns looks broken to its developers.
    console.info('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex flex-1 items-center justify-center p-4">
      <title>{`404 · ${t('notFound.title')}`}</title>
      <div className="glass flex flex-col items-center gap-4 rounded-xl px-10 py-12 text-center">
        <h1 className="text-6xl font-extrabold">404</h1>
        <p className="text-xl text-muted-foreground">{t('notFound.title')}</p>
        <Link to={paths.home.getHref()} className="text-primary underline underline-offset-4 hover:opacity-80">
          {t('notFound.home')}
        </Link>
      </div>
    </main>
  );
}
