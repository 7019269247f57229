import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentCallError, type AgentCall, type AgentDefinition } from './agent-runtime.js';
import { findAgent } from './agents.js';
import { createRetriever, type Retriever } from './bm25.js';
import {
  ANSWER_MAX_BYTES,
  TRUNCATION_NOTE,
  createLlmRuntime,
  createSseParser,
  endpointUrl,
  suggestedAction,
  type LlmRuntimeOptions,
} from './llm-driver.js';

const API_KEY = 'sk-test-7f3a9c1e5b2d8f4a6c0e';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;

/**
 * A real OpenAI-compatible endpoint on 127.0.0.1: each test sets what it answers and reads what it
 * received. No mock of fetch: the driver's HTTP, streaming and abort handling are exercised for real.
 */
const server = {
  http: createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      server.received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      void Promise.resolve(server.handler(request, response, body)).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }),
  received: [] as Received[],
  handler: (() => undefined) as Handler,
  url: '',
};

beforeAll(async () => {
  await new Promise<void>((resolve) => server.http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${String((server.http.address() as AddressInfo).port)}/v1`;
});
afterAll(async () => {
  server.http.closeAllConnections();
  await new Promise<void>((resolve) => server.http.close(() => resolve()));
});
beforeEach(() => {
  server.received = [];
  server.handler = (_request, response) => {
    response.writeHead(500).end();
  };
});

/** Lets the event loop turn, so each write leaves as its own TCP segment as far as the OS allows. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

function sse(events: unknown[], { crlf = false, done = true } = {}): string {
  const eol = crlf ? '\r\n' : '\n';
  const lines = [`: keep-alive${eol}${eol}`];
  for (const event of events) lines.push(`data: ${JSON.stringify(event)}${eol}${eol}`);
  if (done) lines.push(`data: [DONE]${eol}${eol}`);
  return lines.join('');
}

const delta = (content: string) => ({ choices: [{ index: 0, delta: { content } }], usage: null });

/** Writes `text` as bytes in awkward slices (1, 2, 3, 5, 7, 11 bytes...), splitting lines, CRLFs and characters. */
async function writeAwkwardly(response: ServerResponse, text: string): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  const sizes = [1, 2, 3, 5, 7, 11, 13];
  let at = 0;
  for (let i = 0; at < bytes.length; i += 1) {
    const size = sizes[i % sizes.length] ?? 1;
    response.write(bytes.subarray(at, at + size));
    at += size;
    await tick();
  }
}

const docs = [
  {
    id: 'doc_refunds',
    title: 'Refund policy',
    content: 'Refunds are granted within 14 days of purchase. Open a ticket with the order number.',
  },
  { id: 'doc_dns', title: 'DNS', content: 'Custom domains need a CNAME record pointing at the portal.' },
];
const retriever = createRetriever({ version: async () => '1', documents: async () => docs });

function runtime(options: Partial<LlmRuntimeOptions> = {}) {
  return createLlmRuntime({ baseUrl: server.url, model: 'test-model', apiKey: API_KEY, retriever, ...options });
}

function agent(id: string): AgentDefinition {
  const found = findAgent(id);
  if (!found) throw new Error(`no agent ${id}`);
  return found;
}

function call(id: string, input: string, extra: Partial<AgentCall> = {}): AgentCall {
  return { agent: agent(id), userId: 'usr_1', input, signal: new AbortController().signal, ...extra };
}

/** A port nothing listens on: one the system just gave out and that was closed again. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<AgentCallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AgentCallError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('llm runtime: the request', () => {
  it('posts a streamed chat completion with the system prompt, the instructions, the input and the bearer key', async () => {
    server.handler = async (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end(sse([delta('ok'), { choices: [], usage: { total_tokens: 7 } }]));
    };
    const llm = runtime();
    expect(llm.driver).toBe('llm');
    expect(llm.model).toBe('test-model');
    const result = await llm.call(call('agent_business', 'We will launch in May.', { instructions: 'Be terse.' }));
    expect(result.output).toBe('ok');

    const [request] = server.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        {
          role: 'system',
          content: `${agent('agent_business').systemPrompt}\n\nInstructions for this step:\nBe terse.`,
        },
        { role: 'user', content: 'We will launch in May.' },
      ],
    });
  });

  it('joins the base URL with or without a trailing slash, and sends no Authorization without a key', async () => {
    expect(endpointUrl('http://127.0.0.1:11434/v1', 'chat/completions')).toBe(
      'http://127.0.0.1:11434/v1/chat/completions',
    );
    expect(endpointUrl('http://127.0.0.1:11434/v1/', '/chat/completions')).toBe(
      'http://127.0.0.1:11434/v1/chat/completions',
    );
    server.handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end(sse([delta('ok')]));
    };
    await runtime({ baseUrl: `${server.url}/`, apiKey: null }).call(call('agent_marketing', 'A brief.'));
    expect(server.received[0]?.url).toBe('/v1/chat/completions');
    expect(server.received[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the rag agent the numbered passages first, then the question, and returns their citations', async () => {
    server.handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end(sse([delta('Within 14 days [1].')]));
    };
    const result = await runtime().call(call('agent_rag', 'How long do I have for a refund?'));
    const body = JSON.parse(server.received[0]?.body ?? '') as { messages: { role: string; content: string }[] };
    expect(body.messages[0]?.content).toBe(agent('agent_rag').systemPrompt);
    expect(body.messages[1]?.content).toBe(
      [
        'Context passages:',
        '[1] Refund policy\nRefunds are granted within 14 days of purchase. Open a ticket with the order number.',
        'Question: How long do I have for a refund?',
      ].join('\n\n'),
    );
    expect(result).toMatchObject({
      output: 'Within 14 days [1].',
      action: 'answered',
      citations: [
        {
          document_id: 'doc_refunds',
          title: 'Refund policy',
          excerpt: 'Refunds are granted within 14 days of purchase. Open a ticket with the order number.',
        },
      ],
    });
    // Only the citation's fields: no score, no passage text.
    expect(Object.keys(result.citations[0] ?? {}).sort()).toEqual(['document_id', 'excerpt', 'title']);
  });

  it("gives a chat's earlier turns as messages of their own roles, and retrieves for the new question only", async () => {
    server.handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end(sse([delta('A CNAME record [1].')]));
    };
    const history = [
      { role: 'user' as const, content: 'How long do I have for a refund?' },
      { role: 'assistant' as const, content: 'Within 14 days [1].' },
    ];
    const result = await runtime().call(call('agent_rag', 'What do custom domains need?', { history }));
    const body = JSON.parse(server.received[0]?.body ?? '') as { messages: { role: string; content: string }[] };
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(body.messages.slice(1, 3)).toEqual(history);
    // The passages are those of the new question (DNS), not of the refund asked before.
    expect(body.messages[3]?.content).toBe(
      [
        'Context passages:',
        '[1] DNS\nCustom domains need a CNAME record pointing at the portal.',
        'Question: What do custom domains need?',
      ].join('\n\n'),
    );
    expect(result.citations.map((citation) => citation.document_id)).toEqual(['doc_dns']);

    await runtime().call(call('agent_business', 'Shorter, please.', { history }));
    const business = JSON.parse(server.received[1]?.body ?? '') as { messages: { role: string; content: string }[] };
    expect(business.messages.slice(1)).toEqual([...history, { role: 'user', content: 'Shorter, please.' }]);
  });

  it('answers not found without asking the model when the knowledge base has nothing on the question', async () => {
    const deltas: string[] = [];
    const result = await runtime().call(
      call('agent_rag', 'kubernetes ingress', { onDelta: (text) => deltas.push(text) }),
    );
    expect(server.received).toHaveLength(0);
    expect(result).toMatchObject({ action: 'not_found', citations: [], tokens: 0 });
    expect(result.output).toContain('Knowledge tab');
    expect(deltas).toEqual([result.output]);
  });
});

describe('llm runtime: the answer', () => {
  it('reads a stream split anywhere (lines, CRLF, characters), passing each piece on, and counts the usage', async () => {
    const pieces = ['Olá', ', configuração ', 'feita 🚀', '.\nSegunda linha'];
    server.handler = async (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
      await writeAwkwardly(
        response,
        sse(
          [
            ...pieces.map(delta),
            { choices: [], usage: { prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 } },
          ],
          {
            crlf: true,
          },
        ),
      );
      response.end();
    };
    const deltas: string[] = [];
    const result = await runtime().call(call('agent_marketing', 'Brief', { onDelta: (text) => deltas.push(text) }));
    expect(result.output).toBe(pieces.join(''));
    expect(deltas).toEqual(pieces);
    expect(result.tokens).toBe(42);
    expect(result.action).toBe('draft');
    expect(result.citations).toEqual([]);
  });

  it('estimates the tokens as a quarter of the characters of prompt and answer when no usage is sent', async () => {
    server.handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // No [DONE] and no blank line after the last event: the stream just ends.
      response.end('data: {"choices":[{"delta":{"content":"abcdefghij"}}]}');
    };
    const input = 'x'.repeat(101);
    const result = await runtime().call(call('agent_development', input));
    const prompt = agent('agent_development').systemPrompt.length + input.length;
    expect(result.output).toBe('abcdefghij');
    expect(result.tokens).toBe(Math.ceil((prompt + 10) / 4));
  });

  it('accepts a reply that is not streamed (application/json)', async () => {
    server.handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ index: 0, message: { role: 'assistant', content: '## Summary\nFine.\n\nAction: approve' } }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    };
    const deltas: string[] = [];
    const result = await runtime().call(call('agent_business', 'Plan.', { onDelta: (text) => deltas.push(text) }));
    expect(result).toMatchObject({ output: '## Summary\nFine.\n\nAction: approve', action: 'approve', tokens: 15 });
    expect(deltas).toEqual([result.output]);
  });

  it('cuts an answer at 32 KB, stops reading and closes the request', async () => {
    let closedEarly: (value: boolean) => void = () => undefined;
    const closed = new Promise<boolean>((resolve) => (closedEarly = resolve));
    server.handler = async (_request, response) => {
      response.on('close', () => closedEarly(!response.writableFinished));
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // 40 KB in pieces, and then the stream stays open: only the client can end it.
      for (let i = 0; i < 40 && !response.destroyed; i += 1) {
        response.write(`data: ${JSON.stringify(delta('é'.repeat(512)))}\n\n`);
        await tick();
      }
    };
    const result = await runtime().call(call('agent_marketing', 'Brief'));
    expect(await closed).toBe(true);
    expect(result.output.endsWith(TRUNCATION_NOTE)).toBe(true);
    const answer = result.output.slice(0, -TRUNCATION_NOTE.length);
    expect(Buffer.byteLength(answer)).toBeLessThanOrEqual(ANSWER_MAX_BYTES);
    expect(Buffer.byteLength(answer)).toBeGreaterThan(ANSWER_MAX_BYTES - 2);
    expect(answer).toBe('é'.repeat(answer.length));
  });

  it('takes the suggested action from the last Action line, falling back to the safe one', () => {
    expect(suggestedAction('business', '## Risks\n- None.\n\nAction: approve')).toBe('approve');
    expect(suggestedAction('business', 'Action: approve\n...\n**Action:** review')).toBe('review');
    expect(suggestedAction('business', 'No action line')).toBe('review');
    expect(suggestedAction('business', 'Action: deploy')).toBe('review');
    expect(suggestedAction('development', 'Action: `needs_detail`')).toBe('needs_detail');
    expect(suggestedAction('development', '')).toBe('ready');
    expect(suggestedAction('marketing', 'Action: approve')).toBe('draft');
  });
});

describe('llm runtime: errors', () => {
  it('makes a 429 a retryable error with the endpoint message', async () => {
    server.handler = (_request, response) => {
      response.writeHead(429, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'Rate limit reached for test-model', type: 'rate_limit' } }));
    };
    const error = await failure(runtime().call(call('agent_business', 'Plan.')));
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('The model endpoint answered HTTP 429: Rate limit reached for test-model');
  });

  it('makes 408, 409 and 5xx retryable and other 4xx not', async () => {
    for (const [status, retryable] of [
      [408, true],
      [409, true],
      [500, true],
      [503, true],
      [404, false],
      [422, false],
    ] as const) {
      server.handler = (_request, response) => {
        response.writeHead(status, { 'Content-Type': 'text/plain' });
        response.end(`status ${String(status)}`);
      };
      const error = await failure(runtime().call(call('agent_business', 'Plan.')));
      expect([status, error.retryable, error.message]).toEqual([
        status,
        retryable,
        `The model endpoint answered HTTP ${String(status)}: status ${String(status)}`,
      ]);
    }
  });

  it('makes a 400 a final error that carries the endpoint message', async () => {
    server.handler = (_request, response) => {
      response.writeHead(400, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: "model 'test-model' not found, try pulling it first" } }));
    };
    const error = await failure(runtime().call(call('agent_development', 'Add a logout button.')));
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      "The model endpoint answered HTTP 400: model 'test-model' not found, try pulling it first",
    );
  });

  it('never puts the API key in an error message, even when the endpoint echoes it', async () => {
    server.handler = (_request, response) => {
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}.` } }));
    };
    const error = await failure(runtime().call(call('agent_business', 'Plan.')));
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).toBe('The model endpoint answered HTTP 401: Incorrect API key provided: [redacted].');

    server.handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end(`data: ${JSON.stringify({ error: { message: `bad key ${API_KEY}` } })}\n\n`);
    };
    const midStream = await failure(runtime().call(call('agent_business', 'Plan.')));
    expect(midStream.retryable).toBe(true);
    expect(midStream.message).toBe('The model endpoint failed mid-answer: bad key [redacted]');
  });

  it('makes a network failure retryable, without the key', async () => {
    const port = await closedPort();
    const error = await failure(
      runtime({ baseUrl: `http://127.0.0.1:${String(port)}/v1` }).call(call('agent_business', 'Plan.')),
    );
    expect(error.retryable).toBe(true);
    expect(error.message).toBe('The model endpoint cannot be reached: ECONNREFUSED');
  });

  it('rethrows an abort mid-stream and closes the request', async () => {
    let closedEarly: (value: boolean) => void = () => undefined;
    const closed = new Promise<boolean>((resolve) => (closedEarly = resolve));
    server.handler = (_request, response) => {
      response.on('close', () => closedEarly(!response.writableFinished));
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify(delta('first '))}\n\n`);
      // ...and nothing more: the answer is left hanging until the client gives up.
    };
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = runtime().call(
      call('agent_business', 'Plan.', {
        signal: controller.signal,
        onDelta: (text) => {
          deltas.push(text);
          controller.abort('cancelled');
        },
      }),
    );
    await expect(pending).rejects.toMatchObject({
      name: 'AbortError',
      message: expect.stringContaining('cancelled') as string,
    });
    expect(deltas).toEqual(['first ']);
    expect(await closed).toBe(true);
  });

  it('rethrows an abort that comes before the answer starts', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.handler = async (_request, response) => {
      release();
      // Holds the headers back: the abort comes while the request waits.
      await new Promise<void>((resolve) => response.on('close', resolve));
    };
    const timeout = new AbortController();
    const pending = runtime().call(call('agent_business', 'Plan.', { signal: timeout.signal }));
    await held;
    timeout.abort(new DOMException('The step timed out', 'TimeoutError'));
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });

    const already = new AbortController();
    already.abort();
    await expect(runtime().call(call('agent_business', 'Plan.', { signal: already.signal }))).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('llm runtime: health', () => {
  it('is ok when GET /models answers 2xx, and caches the answer', async () => {
    server.handler = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ data: [{ id: 'test-model' }] }));
    };
    const llm = runtime();
    expect(await llm.health()).toEqual({ ok: true });
    expect(await llm.health()).toEqual({ ok: true });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: 'GET', url: '/v1/models' });
    expect(server.received[0]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('says why it is not ok (a status, no answer in time, no connection), and asks again once the cache expires', async () => {
    server.handler = (_request, response) => {
      response.writeHead(502).end();
    };
    const llm = runtime({ healthTtlMs: 0 });
    expect(await llm.health()).toEqual({ ok: false, reason: 'The model endpoint answered HTTP 502 to GET /models' });
    server.handler = (_request, response) => {
      response.writeHead(200).end('{}');
    };
    expect(await llm.health()).toEqual({ ok: true });
    expect(server.received).toHaveLength(2);

    server.handler = async (_request, response) => {
      await new Promise<void>((resolve) => response.on('close', resolve));
    };
    expect(await runtime({ healthTimeoutMs: 50 }).health()).toEqual({
      ok: false,
      reason: 'The model endpoint did not answer within 0.05 s',
    });

    const unreachable = runtime({ baseUrl: `http://127.0.0.1:${String(await closedPort())}/v1` });
    expect(await unreachable.health()).toEqual({
      ok: false,
      reason: 'The model endpoint cannot be reached: ECONNREFUSED',
    });
  });

  it('shares one request between callers that ask at once, and caches a failure too', async () => {
    server.handler = (_request, response) => {
      response.writeHead(500).end();
    };
    const llm = runtime();
    const answers = await Promise.all([llm.health(), llm.health(), llm.health()]);
    expect(answers.every((answer) => !answer.ok)).toBe(true);
    expect(await llm.health()).toMatchObject({ ok: false });
    expect(server.received).toHaveLength(1);
  });
});

describe('createSseParser', () => {
  const stream =
    ': comment\r\ndata: {"a":1}\r\n\r\nevent: message\ndata: line one\ndata: line two\nid: 7\n\ndata:{"b":"ção 🚀"}\r\rdata: [DONE]\n\n';
  const expected = ['{"a":1}', 'line one\nline two', '{"b":"ção 🚀"}', '[DONE]'];

  it('gives the same events wherever the text is split', () => {
    for (let first = 0; first <= stream.length; first += 1) {
      for (const second of [first, Math.min(stream.length, first + 1), Math.min(stream.length, first + 7)]) {
        const events: string[] = [];
        const parser = createSseParser((data) => events.push(data));
        parser.push(stream.slice(0, first));
        parser.push(stream.slice(first, second));
        parser.push(stream.slice(second));
        parser.end();
        expect(events).toEqual(expected);
      }
    }
  });

  it('keeps a last event that has no blank line after it, and ignores fields other than data', () => {
    const events: string[] = [];
    const parser = createSseParser((data) => events.push(data));
    parser.push('retry: 100\nevent: ping\n\ndata: tail\r');
    parser.end();
    expect(events).toEqual(['tail']);
  });

  it('refuses an event larger than 1 MB instead of holding it', () => {
    const parser = createSseParser(() => undefined);
    expect(() => {
      for (let i = 0; i < 300; i += 1) parser.push(`data: ${'x'.repeat(4096)}\n`);
    }).toThrow(AgentCallError);
  });
});

describe('llm runtime with a retriever that fails', () => {
  it('lets the error through (the engine decides whether to retry)', async () => {
    const broken: Retriever = {
      async retrieve() {
        throw new Error('database unavailable');
      },
    };
    await expect(runtime({ retriever: broken }).call(call('agent_rag', 'refund'))).rejects.toThrow(
      'database unavailable',
    );
    expect(server.received).toHaveLength(0);
  });
});
