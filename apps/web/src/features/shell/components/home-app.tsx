import { ArrowRightIcon, SparklesIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export interface HomeAppProps {
  productName: string;
  /** 'Explorar' (Explore): the ecosystem modal. */
  onExplore: () => void;
  /** 'Saber Mais' (Learn More): the programme page. */
  learnMoreHref: string;
  /** What 'Create anything...' leads to (the assistant). */
  onCreate: (prompt: string) => void;
}

/** Slot 0, open to everyone: the product name, 'Create anything...', 'Explorar' and 'Saber Mais'. */
export function HomeApp({ productName, onExplore, learnMoreHref, onCreate }: HomeAppProps) {
  const { t } = useTranslation('shell');
  const [prompt, setPrompt] = useState('');
  const inputId = useId();
  return (
    <section className="flex flex-1 flex-col items-center justify-center gap-8 px-4 py-12 text-center">
      <h1 className="bg-gradient-to-r from-sky-300 via-indigo-200 to-violet-300 bg-clip-text text-5xl font-extrabold tracking-tight text-transparent sm:text-7xl">
        {productName}
      </h1>
      <form
        className="glass flex w-full max-w-xl items-center gap-2 rounded-2xl p-2"
        onSubmit={(event) => {
          event.preventDefault();
          onCreate(prompt.trim());
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('home.promptLabel')}
        </label>
        <SparklesIcon aria-hidden="true" className="ml-2 size-5 shrink-0 text-primary" />
        <Input
          id={inputId}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder={t('home.promptPlaceholder')}
          className="h-11 border-0 bg-transparent text-base shadow-none focus-visible:ring-0"
        />
        <Button type="submit" size="icon" aria-label={t('home.create')} className="shrink-0">
          <ArrowRightIcon aria-hidden="true" />
        </Button>
      </form>
      <div className="flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={onExplore}>
          {t('home.explore')}
        </Button>
        <Button size="lg" variant="outline" asChild>
          <Link to={learnMoreHref}>{t('home.learnMore')}</Link>
        </Button>
      </div>
    </section>
  );
}
