import { CheckIcon, LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { chooseLanguage, currentLanguage } from '@/lib/i18n';
import { languages } from '@/lib/i18n/languages';

/**
 * The header's language switch: English or European Portuguese, kept for the next visit (the
 * browser's language decides until a choice is made). The page's `lang` follows.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const language = currentLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className="gap-1 px-2">
          <LanguagesIcon aria-hidden="true" />
          {/* The name comes from the hidden text, not aria-label: a visible 'EN' that the name does
              not contain fails WCAG 2.5.3 (label in name). */}
          <span aria-hidden="true" className="text-xs font-semibold">
            {tShell(`languageSwitch.short.${language}`)}
          </span>
          <span className="sr-only">{tShell('languageSwitch.trigger', { language: t(`language.${language}`) })}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
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
