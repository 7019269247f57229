import type { AuthUser } from '@nuvem/contracts/auth';
import { CodeIcon, CreditCardIcon, LogOutIcon, UserCogIcon, UserRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useHandOver, UserMenuTrigger, type DeferredMenu } from './menu-triggers';

/** The signed-in user's menu in the header (fetched just after the first paint: see menu-triggers.tsx). */
export function UserMenu({
  user,
  onLogout,
  deferred,
}: {
  user: AuthUser;
  onLogout: () => void;
  deferred?: DeferredMenu;
}) {
  const { t } = useTranslation('shell');
  const { trigger, content, defaultOpen } = useHandOver(deferred);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild ref={trigger}>
        <UserMenuTrigger user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60" ref={content}>
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{user.user_metadata.display_name?.trim() || t('userMenu.fallbackName')}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.profile.getHref('me')}>
            <UserRoundIcon aria-hidden="true" />
            {t('userMenu.profile')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.account.getHref()}>
            <UserCogIcon aria-hidden="true" />
            {t('userMenu.account')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.developer.getHref()}>
            <CodeIcon aria-hidden="true" />
            {t('userMenu.developerDashboard')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.billing.getHref()}>
            <CreditCardIcon aria-hidden="true" />
            {t('userMenu.billing')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={onLogout}>
          <LogOutIcon aria-hidden="true" />
          {t('userMenu.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
