import { BotIcon, LightbulbIcon, SendIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { SlotHeader } from './slot-header';

export const assistantExamples = [
  'Draft a welcome e-mail for new customers of our cloud plan',
  'Summarise the differences between the Starter and Pro plans',
  'Plan a three-step onboarding flow for a new developer',
] as const;

/**
 * Slot 2, the AI assistant. The agent runtime (workflow service) is not wired to it yet, so it
 * says so plainly instead of pretending: the panel, examples and input are there, sending is off.
 */
export function AssistantApp({ initialPrompt = '' }: { initialPrompt?: string }) {
  const [draft, setDraft] = useState(initialPrompt);
  const [showExamples, setShowExamples] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const noticeId = useId();
  const inputId = useId();
  const examplesId = useId();

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-8 sm:px-6">
      <SlotHeader title="ChatGPT" tagline="AI Assistant">
        <Badge variant="warning">Not configured</Badge>
      </SlotHeader>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => input.current?.focus()}>Start Chat</Button>
        <Button
          variant="outline"
          aria-expanded={showExamples}
          aria-controls={examplesId}
          onClick={() => setShowExamples((open) => !open)}
        >
          <LightbulbIcon aria-hidden="true" />
          Examples
        </Button>
      </div>
      <div id={examplesId}>
        {showExamples && (
          <ul aria-label="Example prompts" className="grid gap-2 sm:grid-cols-3">
            {assistantExamples.map((example) => (
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
        <div role="log" aria-label="Conversation" className="flex flex-1 flex-col gap-3 overflow-y-auto p-4">
          <div className="flex items-start gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-glass-strong">
              <BotIcon aria-hidden="true" className="size-4 text-primary" />
            </span>
            <p id={noticeId} className="rounded-xl bg-glass-strong px-3 py-2 text-sm">
              The assistant is not configured yet: no AI model is connected to this workspace, so messages cannot be
              sent. You can still prepare a prompt here.
            </p>
          </div>
        </div>
        <form
          className="flex items-end gap-2 border-t border-glass-border p-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <Textarea
            ref={input}
            id={inputId}
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Ask anything..."
            className="min-h-11 resize-none"
          />
          <Button type="submit" size="icon" disabled aria-label="Send message" aria-describedby={noticeId}>
            <SendIcon aria-hidden="true" />
          </Button>
        </form>
      </div>
    </section>
  );
}
