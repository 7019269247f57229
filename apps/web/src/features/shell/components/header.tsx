import type { AuthUser } from '@nuvem/contracts/auth';
import { PRODUCT_NAME } from '@nuvem/contracts/ecosystem';
import { CloudIcon, GripIcon, MenuIcon, XIcon } from 'lucide-react';
import { createContext, lazy, Suspense, useContext, useId, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/use-hydrated';
import { cn } from '@/lib/utils';
import { LanguageTrigger, useDeferredMenu, UserMenuTrigger } from './menu-triggers';
import { RealtimeDot } from './realtime-dot';

// The menus' code arrives just after the first paint; their buttons paint at once (menu-triggers.tsx).
const LanguageSwitch = lazy(() => import('./language-switch').then((m) => ({ default: m.LanguageSwitch })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

const navLinks = [
  { label: 'header.ingeniousGen', href: paths.ingeniousgen.getHref() },
  { label: 'header.events', href: paths.events.getHref() },
  { label: 'header.pricing', href: paths.pricing.getHref() },
] as const;
/** Only for a signed-in user: containers, applications and API keys. */
const developerLink = { label: 'header.developer', href: paths.developer.getHref() } as const;

/**
 * The workspace switcher, beside the user menu of a signed-in user. app/ provides it (the shell
 * does not import features), around the layout that renders the header.
 */
export const HeaderWorkspaceSlot = createContext<ReactNode>(null);

export interface HeaderProps {
  user: AuthUser | null;
  /** The session is not known yet: neither 'Sign In' nor the user menu is shown. */
  loading: boolean;
  onSignIn: () => void;
  onLogout: () => void;
  onOpenEcosystem: () => void;
  /** The nine-dot button, so the ecosystem modal can give focus back to it when it closes. */
  ecosystemButtonRef?: Ref<HTMLButtonElement>;
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-glass-strong hover:text-foreground',
    isActive && 'text-foreground',
  );
}

/** The glass bar on top of every page. It gets the session from app/ as props. */
export function Header({ user, loading, onSignIn, onLogout, onOpenEcosystem, ecosystemButtonRef }: HeaderProps) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = user ? [...navLinks, developerLink] : navLinks;
  const mobileMenuId = useId();
  const workspaceSwitcher = useContext(HeaderWorkspaceSlot);
  // A menu used before its code arrived opens once it has, and keeps the focus.
  const languageMenu = useDeferredMenu();
  const hydrated = useHydrated();
  const userMenu = useDeferredMenu();

  return (
    <header
      className="glass sticky top-0 z-40 border-x-0 border-t-0"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) setMenuOpen(false);
      }}
    >
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight"
          onClick={() => setMenuOpen(false)}
        >
          <CloudIcon aria-hidden="true" className="size-6 text-primary" />
          {PRODUCT_NAME}
        </Link>

        <nav aria-label={t('header.mainNav')} className="ml-6 hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.href} to={link.href} className={navLinkClass}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <RealtimeDot />
          {/* The server's page and the hydrating browser paint the stand-in, which answers at once
              (a press is kept until the menu's code arrives); the menu takes over after. */}
          {hydrated ? (
            <Suspense fallback={<LanguageTrigger {...languageMenu.standIn} />}>
              <LanguageSwitch deferred={languageMenu.menu} />
            </Suspense>
          ) : (
            <LanguageTrigger {...languageMenu.standIn} />
          )}
          <Button
            ref={ecosystemButtonRef}
            variant="ghost"
            size="icon"
            aria-label={t('header.openEcosystem')}
            aria-haspopup="dialog"
            onClick={onOpenEcosystem}
          >
            <GripIcon aria-hidden="true" />
          </Button>

          {user && workspaceSwitcher}
          {user ? (
            <Suspense fallback={<UserMenuTrigger user={user} {...userMenu.standIn} />}>
              <UserMenu user={user} onLogout={onLogout} deferred={userMenu.menu} />
            </Suspense>
          ) : loading ? (
            <Skeleton className="h-9 w-20" />
          ) : (
            <Button onClick={onSignIn}>{tCommon('actions.signIn')}</Button>
          )}

          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
            aria-expanded={menuOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {menuOpen && (
        <nav
          id={mobileMenuId}
          aria-label={t('header.mobileNav')}
          className="border-t border-glass-border px-4 py-2 md:hidden"
        >
          <ul className="flex flex-col">
            {links.map((link) => (
              <li key={link.href}>
                <NavLink
                  to={link.href}
                  className={(state) => cn(navLinkClass(state), 'block')}
                  onClick={() => setMenuOpen(false)}
                >
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
