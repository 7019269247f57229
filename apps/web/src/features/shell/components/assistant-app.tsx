import { chatBodySchema, chatLimits, type AgentType } from '@nuvem/contracts/workflows';
import { useQueryClient } from '@tanstack/react-query';
import { LightbulbIcon, Loader2Icon, LockIcon, MessageSquarePlusIcon, SendIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useAgentText } from '@/lib/agent-text';
import { usePermissionStanding } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { useContractForm } from '@/lib/forms';
import { cn } from '@/lib/utils';
import { chatAgentsQueryKey, useChatAgents } from '../api/get-chat-agents';
import { useSendChatMessage } from '../api/send-chat-message';
import {
  chatFailure,
  chatHistory,
  counterVisible,
  keepConversation,
  keptConversation,
  type ChatTurn,
} from '../lib/assistant';
import { AgentPicker } from './agent-picker';
import { ChatFailureMessage } from './chat-failure';
import { AgentMessage, TypingIndicator, UserMessage } from './chat-message';
import { SlotHeader } from './slot-header';

/** The message box, checked by the contract's own rule (trimmed, 1 to 4,000 characters). */
const messageFormSchema = z.object({ message: chatBodySchema.shape.message });

const exampleKeys = ['a', 'b', 'c'] as const;

/** The example prompts of one type of agent, in the language in use. */
function useExamples(type: AgentType | undefined): string[] {
  const { t } = useTranslation('shell');
  if (!type) return [];
  return exampleKeys.map((key) => t(`assistant.exampleSets.${type}.${key}`));
}

/**
 * Slot 2, the AI assistant: a conversation with one of the portal's agents through the workflow
 * service (POST /api/mlm/agents/{id}/chat). Each message carries the last turns as history. The
 * conversation outlives the slot: it is there again when the user comes back from another slot
 * (an answer still on its way is given up, its question put back in the box). A prompt typed on
 * the home slot becomes the draft.
 */
export function AssistantApp({ initialPrompt = '', userId }: { initialPrompt?: string; userId?: string | undefined }) {
  const { t } = useTranslation(['shell', 'common']);
  const f = useFormat();
  const agentText = useAgentText();
  const queryClient = useQueryClient();
  const agentsQuery = useChatAgents();
  const agents = useMemo(() => agentsQuery.data ?? [], [agentsQuery.data]);
  // What this user left here last time (read once, when the slot opens).
  const [restored] = useState(() => keptConversation(userId));
  const [chosenId, setChosenId] = useState<string | undefined>(restored?.agentId);
  const agent = agents.find((candidate) => candidate.id === chosenId) ?? agents[0];
  const examples = useExamples(agent?.type);
  const [showExamples, setShowExamples] = useState(false);

  const [turns, setTurns] = useState<ChatTurn[]>(restored?.turns ?? []);
  const nextTurnId = useRef(Math.max(-1, ...(restored?.turns ?? []).map((turn) => turn.id)) + 1);
  /** The question of the answer on its way, taken back out if the slot is left before it lands. */
  const asking = useRef<{ id: number; message: string } | null>(null);
  // A new chat abandons an answer still on its way: its reply must not land in the new one.
  const conversation = useRef(0);
  const inFlight = useRef<AbortController | null>(null);
  const send = useSendChatMessage();
  // Chatting runs an agent (flows:execute): in an organisation, a role without it reads the
  // conversation and is told why the box is closed (still loading what the role allows: closed, unsaid).
  const execute = usePermissionStanding('flows:execute');
  const canChat = execute.kind === 'allowed';
  const refusal =
    execute.kind !== 'refused'
      ? null
      : execute.role
        ? t('assistant.roleRefused', { role: t(`assistant.roles.${execute.role}`) })
        : t('assistant.roleRefusedNoRole');
  const failure = send.isError ? chatFailure(send.error) : null;
  const pendingAgent = send.isPending ? agents.find((candidate) => candidate.id === send.variables.agentId) : undefined;

  const form = useContractForm(messageFormSchema, {
    // A prompt from the home slot is the draft, unless this conversation already took it in (the
    // user came back to the page it was typed on).
    defaultValues: {
      message: initialPrompt && initialPrompt !== restored?.prompt ? initialPrompt : (restored?.draft ?? initialPrompt),
    },
    // Checked on sending, then on every keystroke: an empty box is not an error before that.
    mode: 'onSubmit',
  });
  const draft = form.watch('message');
  const length = draft.trim().length;
  const over = length > chatLimits.messageMax;
  const messageError = form.formState.errors.message?.message;

  const log = useRef<HTMLDivElement>(null);
  // Our own handle on the box: react-hook-form forgets its fields on reset until the next render.
  const input = useRef<HTMLTextAreaElement | null>(null);
  const { ref: registerMessage, ...messageField } = form.register('message');
  const inputId = useId();
  const hintId = useId();
  const counterId = useId();
  const errorId = useId();
  const examplesId = useId();
  const refusalId = useId();

  // Keep the newest message in view.
  useEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [turns.length, send.isPending]);

  // Kept as it changes, for the next time the slot opens.
  useEffect(() => {
    if (userId !== undefined) keepConversation({ userId, turns, agentId: chosenId, draft, prompt: initialPrompt });
  }, [userId, turns, chosenId, draft, initialPrompt]);

  // Nothing aborts an answer but a new chat or leaving the slot; leaving gives the question back.
  useEffect(
    () => () => {
      inFlight.current?.abort();
      const question = asking.current;
      const left = keptConversation(userId);
      if (question && left) {
        keepConversation({
          ...left,
          turns: left.turns.filter((turn) => turn.id !== question.id),
          // Never lost: before what was typed since, if anything was.
          draft: left.draft.trim() === '' ? question.message : `${question.message}\n\n${left.draft}`,
        });
      }
    },
    [userId],
  );

  const sendMessage = ({ message }: { message: string }) => {
    if (!agent || send.isPending) return;
    const generation = conversation.current;
    const controller = new AbortController();
    inFlight.current = controller;
    const agentName = agentText(agent).name;
    const history = chatHistory(turns);
    // Shown at once; taken back out if it gets no answer, so the history holds answered turns only.
    const asked: ChatTurn = { id: nextTurnId.current++, role: 'user', content: message };
    setTurns((current) => [...current, asked]);
    asking.current = { id: asked.id, message };
    form.reset({ message: '' });
    send.mutate(
      { agentId: agent.id, body: { message, history }, signal: controller.signal },
      {
        onSettled: () => {
          if (asking.current?.id === asked.id) asking.current = null;
        },
        onSuccess: (answer) => {
          if (generation !== conversation.current) return;
          setTurns((current) => [
            ...current,
            {
              id: nextTurnId.current++,
              role: 'assistant',
              agentName,
              content: answer.output,
              citations: answer.citations,
              // Only secrets and personal data are removed; other findings (an injection quoted as data) are not.
              redactions: answer.findings.filter((f) => f.type === 'secret' || f.type === 'personal_data').length,
            },
          ]);
        },
        onError: (error) => {
          if (generation !== conversation.current) return;
          setTurns((current) => current.filter((turn) => turn.id !== asked.id));
          // Give the message back to edit, unless a new one is being written.
          if (form.getValues('message') === '') form.setValue('message', message);
          if (chatFailure(error).kind === 'agentGone') {
            void queryClient.invalidateQueries({ queryKey: chatAgentsQueryKey });
          }
        },
      },
    );
  };

  const submitIfReady = () => {
    if (draft.trim() === '' || send.isPending || !agent || !canChat) return;
    void form.handleSubmit(sendMessage)();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter is a new line; Enter that confirms an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submitIfReady();
  };

  const newChat = () => {
    conversation.current += 1;
    inFlight.current?.abort();
    inFlight.current = null;
    send.reset();
    asking.current = null;
    setTurns([]);
    form.reset({ message: '' });
    input.current?.focus();
  };

  const describedBy = [
    refusal ? refusalId : null,
    messageError ? errorId : null,
    hintId,
    counterVisible(length) ? counterId : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section className="mx-auto flex w-full max-w-3xl min-w-0 flex-1 flex-col gap-4 px-4 py-8 sm:px-6">
      <SlotHeader title={t('apps.assistant')} tagline={t('assistant.tagline')} />
      <div className="flex flex-wrap gap-2">
        <Button disabled={!canChat} onClick={() => input.current?.focus()}>
          {t('assistant.startChat')}
        </Button>
        <Button
          variant="outline"
          aria-expanded={showExamples}
          aria-controls={examplesId}
          disabled={!agent}
          onClick={() => setShowExamples((open) => !open)}
        >
          <LightbulbIcon aria-hidden="true" />
          {t('assistant.examples')}
        </Button>
        <Button variant="outline" onClick={newChat} disabled={turns.length === 0 && !send.isPending && !failure}>
          <MessageSquarePlusIcon aria-hidden="true" />
          {t('assistant.newChat')}
        </Button>
      </div>

      {agentsQuery.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">{t('assistant.loadingAgents')}</span>
          <div aria-hidden="true" className="grid grid-cols-2 gap-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} className="h-16 rounded-lg" />
            ))}
          </div>
        </div>
      ) : agentsQuery.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>{t('assistant.agentsFailed', { reason: agentsQuery.error.message })}</p>
          <Button variant="outline" size="sm" onClick={() => void agentsQuery.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : agents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('assistant.noAgents')}</p>
      ) : (
        <AgentPicker agents={agents} value={agent?.id} onChange={setChosenId} />
      )}

      <div id={examplesId}>
        {showExamples && agent && (
          <ul
            aria-label={t('assistant.examplePrompts', { agent: agentText(agent).name })}
            className="grid gap-2 sm:grid-cols-3"
          >
            {examples.map((example) => (
              <li key={example}>
                <button
                  type="button"
                  className="glass h-full w-full cursor-pointer rounded-xl p-3 text-left text-sm hover:bg-glass-strong focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  onClick={() => {
                    form.setValue('message', example, { shouldValidate: form.formState.isSubmitted });
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

      <div className="glass flex min-h-64 min-w-0 flex-1 flex-col rounded-2xl">
        <div
          ref={log}
          role="log"
          aria-label={t('assistant.conversation')}
          tabIndex={0}
          className="flex max-h-[60vh] min-h-48 flex-1 flex-col gap-4 overflow-y-auto rounded-t-2xl p-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {turns.length === 0 && (
            <p className="m-auto max-w-sm text-center text-sm text-muted-foreground">{t('assistant.empty')}</p>
          )}
          {turns.map((turn) =>
            turn.role === 'user' ? (
              <UserMessage key={turn.id} content={turn.content} />
            ) : (
              <AgentMessage
                key={turn.id}
                agentName={turn.agentName}
                content={turn.content}
                citations={turn.citations}
                redactions={turn.redactions}
              />
            ),
          )}
          {send.isPending && (
            <TypingIndicator agentName={pendingAgent ? agentText(pendingAgent).name : send.variables.agentId} />
          )}
        </div>

        <form
          noValidate
          className="flex flex-col gap-2 border-t border-glass-border p-3"
          onSubmit={(event) => {
            event.preventDefault();
            submitIfReady();
          }}
        >
          {failure && <ChatFailureMessage failure={failure} />}
          {refusal && (
            <p id={refusalId} role="note" className="flex items-start gap-2 text-sm text-muted-foreground">
              <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{refusal}</span>
            </p>
          )}
          <label htmlFor={inputId} className="sr-only">
            {t('assistant.message')}
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              {...messageField}
              ref={(element) => {
                registerMessage(element);
                input.current = element;
              }}
              id={inputId}
              rows={2}
              placeholder={t('assistant.placeholder')}
              onKeyDown={onKeyDown}
              disabled={!canChat}
              aria-invalid={Boolean(messageError) || over}
              aria-describedby={describedBy}
              className="max-h-48 min-h-11 resize-y"
            />
            <Button
              type="submit"
              size="icon"
              className="size-11"
              disabled={send.isPending || length === 0 || !agent || !canChat}
              aria-label={t('assistant.send')}
            >
              {send.isPending ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <SendIcon aria-hidden="true" />
              )}
            </Button>
          </div>
          {messageError && (
            <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
              {messageError}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <p id={hintId}>{t('assistant.keyboardHint')}</p>
            {counterVisible(length) && (
              <p id={counterId} className={cn('tabular-nums', over && 'font-medium text-destructive')}>
                {t('assistant.counter', { used: f.count(length), max: f.count(chatLimits.messageMax) })}
              </p>
            )}
          </div>
        </form>
      </div>
    </section>
  );
}
