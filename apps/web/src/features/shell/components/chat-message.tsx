import { BotIcon, ShieldAlertIcon, UserIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '@/components/ui/rich-text';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { ChatCitation } from '../lib/assistant';

function Avatar({ agent }: { agent: boolean }) {
  const Icon = agent ? BotIcon : UserIcon;
  return (
    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-glass-strong">
      <Icon aria-hidden="true" className={cn('size-4', agent && 'text-primary')} />
    </span>
  );
}

/** The user's own message, as typed (line breaks kept). */
export function UserMessage({ content }: { content: string }) {
  const { t } = useTranslation('shell');
  const nameId = useId();
  return (
    <article aria-labelledby={nameId} className="flex flex-row-reverse items-start gap-3">
      <Avatar agent={false} />
      <div className="flex max-w-[85%] min-w-0 flex-col items-end gap-1">
        <span id={nameId} className="text-xs font-medium text-muted-foreground">
          {t('assistant.you')}
        </span>
        <p className="rounded-xl bg-primary/20 px-3 py-2 text-sm break-words whitespace-pre-wrap">{content}</p>
      </div>
    </article>
  );
}

/**
 * An agent's answer: its markdown-ish text as React text (headings as bold lines, line breaks
 * kept, never HTML), the sources a rag answer quotes, and a word when the security layer removed
 * sensitive data from it.
 */
export function AgentMessage({
  agentName,
  content,
  citations,
  redactions,
}: {
  agentName: string;
  content: string;
  citations: ChatCitation[];
  redactions: number;
}) {
  const { t } = useTranslation('shell');
  const f = useFormat();
  const nameId = useId();
  const sourcesId = useId();
  return (
    <article aria-labelledby={nameId} className="flex items-start gap-3">
      <Avatar agent />
      <div className="flex max-w-[85%] min-w-0 flex-col gap-1">
        <span id={nameId} className="text-xs font-medium text-muted-foreground">
          {agentName}
        </span>
        <div className="flex flex-col gap-2 rounded-xl bg-glass-strong px-3 py-2 text-sm break-words">
          <RichText text={content} />
          {citations.length > 0 && (
            <div className="border-t border-glass-border pt-2">
              <p id={sourcesId} className="text-xs font-semibold text-muted-foreground">
                {t('assistant.sources')}
              </p>
              <ol aria-labelledby={sourcesId} className="mt-1 flex list-decimal flex-col gap-1 pl-5 text-xs">
                {citations.map((citation, index) => (
                  <li key={`${String(index)}-${citation.document_id}`}>
                    <span className="font-medium">{citation.title}</span>
                    {citation.flagged && <FlaggedSource />}
                    {citation.excerpt && <span className="block text-muted-foreground">{citation.excerpt}</span>}
                  </li>
                ))}
              </ol>
            </div>
          )}
          {redactions > 0 && (
            <p className="text-xs text-muted-foreground">
              {t('assistant.redacted', { count: redactions, n: f.count(redactions) })}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A source the AI security layer flagged (instructions aimed at the AI in it): the agent got it as
 * quoted data with a warning, and the user sees the same warning (an icon with its words beside it,
 * read by screen readers, and as a tooltip).
 */
function FlaggedSource() {
  const { t } = useTranslation('workflows');
  const warning = t('knowledge.citationFlagged');
  return (
    <span title={warning} className="mt-0.5 flex items-start gap-1 text-warning">
      <ShieldAlertIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{warning}</span>
    </span>
  );
}

/** Shown while an agent writes its answer; in the conversation log, so it is announced. */
export function TypingIndicator({ agentName }: { agentName: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="flex items-center gap-3">
      <Avatar agent />
      <p className="flex items-center gap-2 rounded-xl bg-glass-strong px-3 py-2 text-sm text-muted-foreground">
        <span aria-hidden="true" className="flex gap-1">
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              className="size-1.5 animate-bounce rounded-full bg-current motion-reduce:animate-none"
              style={{ animationDelay: `${String(delay)}ms` }}
            />
          ))}
        </span>
        {t('assistant.answering', { agent: agentName })}
      </p>
    </div>
  );
}
