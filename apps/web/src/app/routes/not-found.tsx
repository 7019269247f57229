import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const location = useLocation();

  useEffect(() => {
    // A warning, not an error: a mistyped address is the visitor's slip, not a fault of the app.
    console.warn('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main className="flex flex-1 items-center justify-center p-4">
      <div className="glass flex flex-col items-center gap-4 rounded-xl px-10 py-12 text-center">
        <h1 className="text-6xl font-extrabold">404</h1>
        <p className="text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to={paths.home.getHref()} className="text-primary underline underline-offset-4 hover:opacity-80">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
