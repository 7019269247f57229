import type { AgentType } from '@nuvem/contracts/workflows';
import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import { abortError, throwIfAborted } from './abort.js';
import { AgentCallError, type AgentCall, type AgentRuntime, type Citation } from './agent-runtime.js';
import { agentActions } from './agents.js';
import type { RetrievedPassage, Retriever } from './bm25.js';
import { citationOf, knowledgeAnswer } from './offline-driver.js';
import { quoteAsData } from './quoted-data.js';
import { countWords } from './text.js';

/** An answer longer than this is cut: the request is aborted and what came is kept, with a note. */
export const ANSWER_MAX_BYTES = 32 * 1024;
export const HEALTH_TIMEOUT_MS = 3_000;
export const HEALTH_TTL_MS = 30_000;
/** The rag agent's context: this many passages of the user's knowledge base. */
export const CONTEXT_PASSAGES = 3;
export const TRUNCATION_NOTE = '\n\n[The answer was cut at 32 KB.]';
/** Bounds on what is read of replies that are not the answer's stream, so an endpoint cannot fill the memory. */
const ERROR_BODY_MAX_BYTES = 16 * 1024;
const JSON_BODY_MAX_BYTES = 1024 * 1024;
const EVENT_MAX_CHARS = 1024 * 1024;
const ENDPOINT_MESSAGE_MAX_CHARS = 300;

export interface LlmRuntimeOptions {
  /** The OpenAI-compatible API root, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://api.openai.com/v1. */
  baseUrl: string;
  model: string;
  apiKey?: string | null | undefined;
  retriever: Retriever;
  fetch?: typeof fetch | undefined;
  healthTtlMs?: number | undefined;
  healthTimeoutMs?: number | undefined;
}

interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** `base` and `path` joined by exactly one '/', whether or not `base` ends with one. */
export function endpointUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * The agent's system prompt with the step's instructions, a chat's earlier turns as messages of
 * their own roles, and the input (for rag: the numbered passages first, found for the input alone).
 */
export function buildMessages(
  call: Pick<AgentCall, 'agent' | 'input' | 'instructions' | 'history'>,
  passages: readonly RetrievedPassage[],
): ChatMessage[] {
  const instructions = call.instructions?.trim();
  const system = instructions
    ? `${call.agent.systemPrompt}\n\nInstructions for this step:\n${instructions}`
    : call.agent.systemPrompt;
  const input = call.input.trim() === '' ? '(The input is empty.)' : call.input;
  const earlier: ChatMessage[] = (call.history ?? []).map((turn) => ({ role: turn.role, content: turn.content }));
  if (call.agent.type !== 'rag')
    return [{ role: 'system', content: system }, ...earlier, { role: 'user', content: input }];
  // A flagged passage is data between markers after a warning, never text the model could take as its orders.
  const context = passages.map(
    (passage, index) =>
      `[${String(index + 1)}] ${passage.title}\n${passage.flagged ? quoteAsData(passage.text, `a passage of "${passage.title}"`) : passage.text}`,
  );
  return [
    { role: 'system', content: system },
    ...earlier,
    { role: 'user', content: ['Context passages:', ...context, `Question: ${input}`].join('\n\n') },
  ];
}

/**
 * The action a model's answer suggests: its last 'Action: <name>' line when the name is one this
 * type of agent has, else the type's first (review, for a business brief: never approve by default).
 */
export function suggestedAction(type: AgentType, output: string): string {
  const allowed: readonly string[] = agentActions[type];
  const lines = [...output.matchAll(/^[ \t>*_`]*action[ \t]*[*_`]*[ \t]*:[ \t*_`"']*([a-z_]+)/gim)];
  const named = lines.at(-1)?.[1]?.toLowerCase();
  return named !== undefined && allowed.includes(named) ? named : (allowed[0] ?? 'default');
}

/**
 * A Server-Sent Events reader on `eventsource-parser` (the WHATWG rules: text split anywhere, LF,
 * CRLF or CR line ends, comments, multi-line data): gives out each event's data. Two rules of ours
 * on top: an event larger than 1 MB is refused instead of held, and a stream that ends without the
 * blank line after its last event still gives that event (`end`).
 */
export function createSseParser(onData: (data: string) => void): { push(text: string): void; end(): void } {
  const parser = createParser({
    onEvent: (event) => onData(event.data),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') {
        throw new AgentCallError('The model endpoint sent an event larger than 1 MB', false);
      }
      // Other fields (event, id, retry, unknown ones) are not used here.
    },
    maxBufferSize: EVENT_MAX_CHARS,
  });
  return {
    push: (text) => parser.feed(text),
    // The line under way and the event it belongs to end here, as if the blank line had come.
    end: () => parser.feed('\n\n'),
  };
}

const usageSchema = z.object({
  total_tokens: z.number().nonnegative().nullish(),
  prompt_tokens: z.number().nonnegative().nullish(),
  completion_tokens: z.number().nonnegative().nullish(),
});
const endpointErrorSchema = z.union([z.string(), z.object({ message: z.string() })]);
const chunkSchema = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).nullish() })).nullish(),
  usage: usageSchema.nullish(),
  error: endpointErrorSchema.nullish(),
});
const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullish() }) })).min(1),
  usage: usageSchema.nullish(),
});
const errorBodySchema = z.union([
  z.object({ error: endpointErrorSchema }),
  z.object({ message: z.string() }),
  z.object({ detail: z.string() }),
]);

function totalTokens(usage: z.infer<typeof usageSchema> | null | undefined): number | null {
  if (!usage) return null;
  if (typeof usage.total_tokens === 'number') return usage.total_tokens;
  if (typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number') {
    return usage.prompt_tokens + usage.completion_tokens;
  }
  return null;
}

function errorText(error: z.infer<typeof endpointErrorSchema>): string {
  return typeof error === 'string' ? error : error.message;
}

/** The code or message of a network failure (fetch's own message is only 'fetch failed'). */
function describeCause(error: unknown): string {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (cause && typeof cause === 'object') {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return `: ${code}`;
    const message = (cause as { message?: unknown }).message;
    if (typeof message === 'string' && message) return `: ${message}`;
  }
  return '';
}

/** The body's reader, typed: fetch's bodies are bytes. */
function bodyReader(response: Response): ReadableStreamDefaultReader<Uint8Array> | undefined {
  return (response.body as ReadableStream<Uint8Array> | null)?.getReader();
}

/** At most `max` bytes of a body, as text; the rest is not read (the request is cancelled). */
async function readLimited(response: Response, max: number): Promise<{ text: string; truncated: boolean }> {
  const reader = bodyReader(response);
  if (!reader) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > max) {
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { text: Buffer.concat(chunks).subarray(0, max).toString('utf8'), truncated };
}

/** The longest start of `text` that fits in `bytes` bytes of UTF-8, never ending inside a character. */
function truncateToBytes(text: string, bytes: number): string {
  if (bytes <= 0) return '';
  const encoded = Buffer.from(text, 'utf8');
  if (encoded.byteLength <= bytes) return text;
  return new TextDecoder().decode(encoded.subarray(0, bytes)).replace(/\uFFFD+$/, '');
}

interface Completion {
  output: string;
  totalTokens: number | null;
}

/** Gathers the answer's pieces up to ANSWER_MAX_BYTES, passing each on as it comes. */
function answerCollector(onDelta: ((text: string) => void) | undefined) {
  let output = '';
  let bytes = 0;
  let full = false;
  return {
    get output() {
      return output;
    },
    get full() {
      return full;
    },
    /** False once the cap is reached: stop reading. */
    add(piece: string): boolean {
      if (full || piece === '') return !full;
      const size = Buffer.byteLength(piece, 'utf8');
      let kept = piece;
      if (bytes + size > ANSWER_MAX_BYTES) {
        kept = truncateToBytes(piece, ANSWER_MAX_BYTES - bytes) + TRUNCATION_NOTE;
        full = true;
      }
      bytes += size;
      output += kept;
      onDelta?.(kept);
      return !full;
    },
  };
}

/**
 * The `llm` driver: each call is one chat completion of an OpenAI-compatible endpoint (OpenAI,
 * Ollama, vLLM, llama.cpp's server, LiteLLM...), streamed. The rag agent's question is sent with
 * the numbered passages the retriever found; with none, it answers 'not found' without asking the
 * model (the prompt would allow nothing else, and it costs tokens).
 */
export function createLlmRuntime(options: LlmRuntimeOptions): AgentRuntime {
  const { baseUrl, model, retriever } = options;
  const apiKey = options.apiKey ?? null;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const healthTtlMs = options.healthTtlMs ?? HEALTH_TTL_MS;
  const healthTimeoutMs = options.healthTimeoutMs ?? HEALTH_TIMEOUT_MS;
  const chatUrl = endpointUrl(baseUrl, 'chat/completions');
  const modelsUrl = endpointUrl(baseUrl, 'models');
  const auth: Record<string, string> = apiKey ? { Authorization: `Bearer ${apiKey}` } : {};

  /** Every message that leaves this driver goes through here: an endpoint may echo the key it was sent. */
  function scrub(text: string): string {
    return apiKey ? text.split(apiKey).join('[redacted]') : text;
  }

  function failure(message: string, retryable: boolean): AgentCallError {
    return new AgentCallError(scrub(message), retryable);
  }

  async function statusError(response: Response): Promise<AgentCallError> {
    const status = response.status;
    let detail = '';
    try {
      const { text } = await readLimited(response, ERROR_BODY_MAX_BYTES);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const parsed = errorBodySchema.safeParse(json);
      if (parsed.success) {
        const body = parsed.data;
        detail = 'error' in body ? errorText(body.error) : 'message' in body ? body.message : body.detail;
      } else if (json === undefined && !text.trimStart().startsWith('<')) {
        // A plain-text error page says something; an HTML one is noise.
        detail = text;
      }
    } catch {
      // The status alone still says what happened.
    }
    detail = detail.replace(/\s+/g, ' ').trim().slice(0, ENDPOINT_MESSAGE_MAX_CHARS);
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return failure(`The model endpoint answered HTTP ${String(status)}${detail ? `: ${detail}` : ''}`, retryable);
  }

  async function readStream(
    response: Response,
    signal: AbortSignal,
    stop: AbortController,
    onDelta: ((text: string) => void) | undefined,
  ): Promise<Completion> {
    const reader = bodyReader(response);
    if (!reader) return { output: '', totalTokens: null };
    const answer = answerCollector(onDelta);
    const decoder = new TextDecoder();
    // An object, not two variables: the parser's callback changes them, which TypeScript's narrowing would not see.
    const state: { total: number | null; finished: boolean } = { total: null, finished: false };
    const parser = createSseParser((data) => {
      if (state.finished || answer.full) return;
      if (data.trim() === '[DONE]') {
        state.finished = true;
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        return; // not a chunk (some servers send other events); the answer goes on
      }
      const chunk = chunkSchema.safeParse(json);
      if (!chunk.success) return;
      if (chunk.data.error) {
        throw failure(`The model endpoint failed mid-answer: ${errorText(chunk.data.error)}`, true);
      }
      state.total = totalTokens(chunk.data.usage) ?? state.total;
      answer.add(chunk.data.choices?.[0]?.delta?.content ?? '');
    });
    let ended = false;
    try {
      while (!state.finished && !answer.full) {
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          break;
        }
        parser.push(decoder.decode(value, { stream: true }));
      }
      if (ended) {
        parser.push(decoder.decode());
        parser.end();
      }
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      if (error instanceof AgentCallError) throw error;
      throw failure(`The model endpoint broke off its answer${describeCause(error)}`, true);
    } finally {
      // Done early ([DONE], the cap, an error): nothing more is read, and the connection is closed.
      if (!ended) stop.abort();
    }
    return { output: answer.output, totalTokens: state.total };
  }

  async function readJson(response: Response, onDelta: ((text: string) => void) | undefined): Promise<Completion> {
    const { text, truncated } = await readLimited(response, JSON_BODY_MAX_BYTES);
    if (truncated) throw failure('The model endpoint answered with a reply larger than 1 MB', false);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw failure('The model endpoint answered with JSON that cannot be read', true);
    }
    const parsed = completionSchema.safeParse(json);
    if (!parsed.success) throw failure('The model endpoint answered with JSON that is not a chat completion', false);
    const answer = answerCollector(onDelta);
    answer.add(parsed.data.choices[0]?.message.content ?? '');
    return { output: answer.output, totalTokens: totalTokens(parsed.data.usage) };
  }

  async function complete(
    messages: ChatMessage[],
    signal: AbortSignal,
    onDelta: ((text: string) => void) | undefined,
  ): Promise<Completion> {
    // The driver's own switch, to end the request when the answer is cut; the caller's signal ends it too.
    const stop = new AbortController();
    const requestSignal = AbortSignal.any([signal, stop.signal]);
    let response: Response;
    try {
      response = await fetchImpl(chatUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream, application/json', ...auth },
        body: JSON.stringify({ model, stream: true, stream_options: { include_usage: true }, messages }),
        signal: requestSignal,
      });
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      throw failure(`The model endpoint cannot be reached${describeCause(error)}`, true);
    }
    try {
      if (!response.ok) throw await statusError(response);
      const type = response.headers.get('content-type') ?? '';
      if (/\bapplication\/json\b/i.test(type)) return await readJson(response, onDelta);
      return await readStream(response, signal, stop, onDelta);
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      if (error instanceof AgentCallError) throw error;
      throw failure(`The model endpoint broke off its answer${describeCause(error)}`, true);
    }
  }

  let healthCache: { at: number; result: { ok: boolean; reason?: string } } | null = null;
  let healthCheck: Promise<{ ok: boolean; reason?: string }> | null = null;

  async function checkHealth(): Promise<{ ok: boolean; reason?: string }> {
    try {
      const response = await fetchImpl(modelsUrl, {
        headers: { Accept: 'application/json', ...auth },
        signal: AbortSignal.timeout(healthTimeoutMs),
      });
      // Only the status matters; the list of models is not read.
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return { ok: true };
      return { ok: false, reason: `The model endpoint answered HTTP ${String(response.status)} to GET /models` };
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        return { ok: false, reason: `The model endpoint did not answer within ${String(healthTimeoutMs / 1000)} s` };
      }
      return { ok: false, reason: scrub(`The model endpoint cannot be reached${describeCause(error)}`) };
    }
  }

  return {
    driver: 'llm',
    model,
    async call(call) {
      const { agent, signal } = call;
      throwIfAborted(signal);
      let passages: RetrievedPassage[] = [];
      if (agent.type === 'rag') {
        passages =
          countWords(call.input) > 0 ? await retriever.retrieve(call.userId, call.input, CONTEXT_PASSAGES) : [];
        throwIfAborted(signal);
        if (passages.length === 0) {
          const draft = knowledgeAnswer(call.input, []);
          call.onDelta?.(draft.output);
          return { output: draft.output, action: draft.action, citations: [], tokens: 0 };
        }
      }
      const messages = buildMessages(call, passages);
      const completion = await complete(messages, signal, call.onDelta);
      const promptChars = messages.reduce((sum, message) => sum + message.content.length, 0);
      const citations: Citation[] = passages.map(citationOf);
      return {
        output: completion.output,
        action: suggestedAction(agent.type, completion.output),
        citations,
        // What the endpoint counted; without it, the usual estimate of four characters a token.
        tokens: completion.totalTokens ?? Math.ceil((promptChars + completion.output.length) / 4),
      };
    },
    async health() {
      if (healthCache && Date.now() - healthCache.at < healthTtlMs) return healthCache.result;
      // Callers that ask at once share one request.
      healthCheck ??= checkHealth()
        .then((result) => {
          healthCache = { at: Date.now(), result };
          return result;
        })
        .finally(() => {
          healthCheck = null;
        });
      return healthCheck;
    },
  };
}
