import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local model answers to one chat-completions request. */
export type ScriptedReply =
  | { kind: 'stream'; pieces: string[]; delayMs?: number; totalTokens?: number }
  | { kind: 'status'; status: number; message: string };

export interface ReceivedRequest {
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] };
  authorization: string | undefined;
  /** True once the client closed the connection before the answer ended (an abort). */
  closedEarly: boolean;
}

/**
 * A real OpenAI-compatible chat-completions server on 127.0.0.1 for the tests of the `llm` driver:
 * it streams Server-Sent Events like the real API (`data: {choices:[{delta:{content}}]}`, a final
 * usage chunk, `data: [DONE]`), and answers with the replies the test scripts, in order (then the
 * default reply). GET /models answers 200.
 */
export async function startOpenAiCompatibleServer(defaultReply: ScriptedReply = { kind: 'stream', pieces: ['ok'] }) {
  const script: ScriptedReply[] = [];
  const received: ReceivedRequest[] = [];

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'GET' && request.url?.endsWith('/models')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: [{ id: 'local-model' }] }));
        return;
      }
      const entry: ReceivedRequest = {
        body: JSON.parse(await readBody(request)) as ReceivedRequest['body'],
        authorization: request.headers.authorization,
        closedEarly: false,
      };
      received.push(entry);
      const reply = script.shift() ?? defaultReply;
      if (reply.kind === 'status') {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: reply.message } }));
        return;
      }
      let ended = false;
      response.on('close', () => {
        if (!ended) entry.closedEarly = true;
      });
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of reply.pieces) {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (response.destroyed) return;
        response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
      }
      const usage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: reply.totalTokens ?? 42 };
      response.write(`data: ${JSON.stringify({ choices: [], usage })}\n\n`);
      response.write('data: [DONE]\n\n');
      ended = true;
      response.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${String(port)}/v1`,
    received,
    /** The next replies, in order. */
    script(...replies: ScriptedReply[]) {
      script.push(...replies);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
