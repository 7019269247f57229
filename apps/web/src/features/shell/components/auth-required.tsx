import { LockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The ways to sign in that a gated slot offers: e-mail always, social providers when configured. */
export interface SignInChoices {
  /** The sign-in page, returning to this slot afterwards. */
  emailHref: string;
  /** The configured social providers only (an unconfigured one would fail). */
  social: { provider: 'google' | 'github'; onSelect: () => void }[];
}

/** What a signed-out visitor sees in every slot but home (spec 2, "Desktop shell"). */
export function AuthRequired({ signIn }: { signIn: SignInChoices }) {
  const { t } = useTranslation('shell');
  return (
    <section className="flex flex-1 items-center justify-center p-4">
      <div className="glass flex w-full max-w-md flex-col items-center gap-4 rounded-2xl p-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-glass-strong">
          <LockIcon aria-hidden="true" className="size-6 text-primary" />
        </span>
        <h1 className="text-2xl font-bold">{t('authRequired.title')}</h1>
        <p className="text-muted-foreground">{t('authRequired.text')}</p>
        <div className="flex w-full flex-col gap-2">
          <Button size="lg" asChild>
            <a href={signIn.emailHref}>{t('authRequired.email')}</a>
          </Button>
          {signIn.social.map(({ provider, onSelect }) => (
            <Button key={provider} size="lg" variant="secondary" onClick={onSelect}>
              {t(`authRequired.${provider}`)}
            </Button>
          ))}
        </div>
      </div>
    </section>
  );
}
