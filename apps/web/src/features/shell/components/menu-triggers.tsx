import type { AuthUser } from '@nuvem/contracts/auth';
import { LanguagesIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { userAvatarUrl, userInitial } from '@/lib/user-display';

/**
 * The header menus' buttons, apart from their menus: the header paints them at once, and the menu
 * code (Radix's menu and its positioning, about 30 KB) arrives just after the first paint. A click
 * before it has arrived opens the menu as soon as it does.
 */
export function LanguageTrigger(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const language = currentLanguage();
  return (
    <Button variant="ghost" size="sm" className="gap-1 px-2" {...props}>
      <LanguagesIcon aria-hidden="true" />
      {/* The name comes from the hidden text, not aria-label: a visible 'EN' that the name does
          not contain fails WCAG 2.5.3 (label in name). */}
      <span aria-hidden="true" className="text-xs font-semibold">
        {tShell(`languageSwitch.short.${language}`)}
      </span>
      <span className="sr-only">{tShell('languageSwitch.trigger', { language: t(`language.${language}`) })}</span>
    </Button>
  );
}

export function UserMenuTrigger({ user, ...props }: { user: AuthUser } & ComponentProps<typeof Button>) {
  const { t } = useTranslation('shell');
  const avatarUrl = userAvatarUrl(user);
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label={t('userMenu.label')} {...props}>
      <Avatar>
        {avatarUrl && <AvatarImage src={avatarUrl} alt="" />}
        <AvatarFallback>{userInitial(user.email)}</AvatarFallback>
      </Avatar>
    </Button>
  );
}

/** How a menu's button was used before the menu's code arrived. */
export interface DeferredMenu {
  /** Opened before the code arrived: with the keyboard (its first item takes the focus) or the pointer. */
  asked: 'keyboard' | 'pointer' | null;
  /** Whether the stand-in button has the focus, handed to the real one when it replaces it. */
  focused: RefObject<boolean>;
}

/** State and handlers for a menu button that stands in until the menu's code arrives. */
export function useDeferredMenu(): { menu: DeferredMenu; standIn: ComponentProps<'button'> } {
  const [asked, setAsked] = useState<DeferredMenu['asked']>(null);
  const focused = useRef(false);
  return {
    menu: { asked, focused },
    standIn: {
      // As Radix's trigger does, a press opens it (the primary button): a press on the stand-in just
      // before the real button replaces it is not lost with the click that would have followed.
      onPointerDown: (event) => {
        if (event.button === 0 && !event.ctrlKey) setAsked('pointer');
      },
      // A click from Enter or Space has no pointer detail.
      onClick: (event) => setAsked(event.detail === 0 ? 'keyboard' : 'pointer'),
      onFocus: () => {
        focused.current = true;
      },
      onBlur: () => {
        focused.current = false;
      },
    },
  };
}

/**
 * For the real menu: gives its button the focus the stand-in had, and tells whether the menu opens
 * at once and whether its first item takes the focus (as Radix does when a menu opens by keyboard).
 */
export function useHandOver(menu: DeferredMenu | undefined) {
  const trigger = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (menu?.focused.current && lost && menu.asked === null) trigger.current?.focus();
    if (menu?.asked !== 'keyboard') return;
    // The menu's content mounts a frame or two after it (a portal); then its first item takes the
    // focus from the content, which Radix focuses when a menu opens without the keyboard.
    let frames = 0;
    let id = 0;
    const focusFirst = () => {
      const item = content.current?.querySelector<HTMLElement>('[role="menuitem"]');
      if (item && frames > 0) item.focus();
      else if (frames++ < 30) id = requestAnimationFrame(focusFirst);
    };
    id = requestAnimationFrame(focusFirst);
    return () => cancelAnimationFrame(id);
    // Only on the hand-over itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { trigger, content, defaultOpen: menu?.asked != null };
}
