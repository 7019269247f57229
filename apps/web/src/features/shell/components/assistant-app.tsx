import { BotIcon, LightbulbIcon, SendIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { SlotHeader } from './slot-header';

const exampleKeys = ['assistant.example1', 'assistant.example2', 'assistant.example3'] as const;

/**
 * Slot 2, the AI assistant. The agent runtime (workflow service) is not wired to it yet, so it
 * says so plainly instead of pretending: the panel, examples and input are there, sending is off.
 */
export function AssistantApp({ initialPrompt = '' }: { initialPrompt?: string }) {
  const { t } = useTranslation('shell');
  const [draft, setDraft] = useState(initialPrompt);
  const [showExamples, setShowExamples] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const noticeId = useId();
  const inputId = useId();
  const examplesId = useId();

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-8 sm:px-6">
      <SlotHeader title={t('apps.assistant')} tagline={t('assistant.tagline')}>
        <Badge variant="warning">{t('assistant.notConfigured')}</Badge>
      </SlotHeader>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => input.current?.focus()}>{t('assistant.startChat')}</Button>
        <Button
          variant="outline"
          aria-expanded={showExamples}
          aria-controls={examplesId}
          onClick={() => setShowExamples((open) => !open)}
        >
          <LightbulbIcon aria-hidden="true" />
          {t('assistant.examples')}
        </Button>
      </div>
      <div id={examplesId}>
        {showExamples && (
          <ul aria-label={t('assistant.examplePrompts')} className="grid gap-2 sm:grid-cols-3">
            {exampleKeys
              .map((key) => t(key))
              .map((example) => (
                <li key={example}>
                  <button
                    type="button"
                    className="glass h-full w-full cursor-pointer rounded-xl p-3 text-left text-sm hover:bg-glass-strong"
                    onClick={() => {
                      setDraft(example);
                      input.current?.focus();
                    }}
                  >
                    {example}
                  </button>
                </li>
              ))}
          </ul>
        )}
      </div>

      <div className="glass flex min-h-64 flex-1 flex-col rounded-2xl">
        <div
          role="log"
          aria-label={t('assistant.conversation')}
          className="flex flex-1 flex-col gap-3 overflow-y-auto p-4"
        >
          <div className="flex items-start gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-glass-strong">
              <BotIcon aria-hidden="true" className="size-4 text-primary" />
            </span>
            <p id={noticeId} className="rounded-xl bg-glass-strong px-3 py-2 text-sm">
              {t('assistant.notice')}
            </p>
          </div>
        </div>
        <form
          className="flex items-end gap-2 border-t border-glass-border p-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={inputId} className="sr-only">
            {t('assistant.message')}
          </label>
          <Textarea
            ref={input}
            id={inputId}
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('assistant.placeholder')}
            className="min-h-11 resize-none"
          />
          <Button type="submit" size="icon" disabled aria-label={t('assistant.send')} aria-describedby={noticeId}>
            <SendIcon aria-hidden="true" />
          </Button>
        </form>
      </div>
    </section>
  );
}
