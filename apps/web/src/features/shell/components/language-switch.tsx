import { CheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { chooseLanguage, currentLanguage } from '@/lib/i18n';
import { languages } from '@/lib/i18n/languages';
import { LanguageTrigger, useHandOver, type DeferredMenu } from './menu-triggers';

/**
 * The header's language switch: English or European Portuguese, kept for the next visit (the
 * browser's language decides until a choice is made). The page's `lang` follows.
 */
export function LanguageSwitch({ deferred }: { deferred?: DeferredMenu }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { trigger, content, defaultOpen } = useHandOver(deferred);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild ref={trigger}>
        <LanguageTrigger />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56" ref={content}>
        <DropdownMenuLabel>{t('language.label')}</DropdownMenuLabel>
        {languages.map((option) => (
          <DropdownMenuItem
            key={option}
            lang={option}
            aria-current={option === language ? 'true' : undefined}
            onSelect={() => void chooseLanguage(option)}
          >
            <CheckIcon aria-hidden="true" className={option === language ? 'opacity-100' : 'opacity-0'} />
            {t(`language.${option}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
