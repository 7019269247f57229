import { LockIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

export const authRequiredTexts = {
  title: 'Autenticação Necessária',
  text: 'Esta área requer autenticação. Faça login para continuar.',
  button: 'Entrar com Google',
} as const;

/** What a signed-out visitor sees in every slot but home (spec 2, "Desktop shell"). */
export function AuthRequired({ onSignIn }: { onSignIn: () => void }) {
  return (
    <section className="flex flex-1 items-center justify-center p-4">
      <div className="glass flex w-full max-w-md flex-col items-center gap-4 rounded-2xl p-8 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-glass-strong">
          <LockIcon aria-hidden="true" className="size-6 text-primary" />
        </span>
        <h1 className="text-2xl font-bold">{authRequiredTexts.title}</h1>
        <p className="text-muted-foreground">{authRequiredTexts.text}</p>
        <Button size="lg" onClick={onSignIn}>
          {authRequiredTexts.button}
        </Button>
      </div>
    </section>
  );
}
