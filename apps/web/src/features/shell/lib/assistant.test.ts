import { chatLimits, flowLimits } from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { ApiError, retryAfterSeconds } from '@/lib/api-client';
import {
  agentsRetryDelay,
  chatFailure,
  chatHistory,
  ChatRequestError,
  counterVisible,
  retryAgentsLoad,
  type ChatTurn,
} from './assistant';

function conversation(length: number): ChatTurn[] {
  return Array.from({ length }, (_, index): ChatTurn =>
    index % 2 === 0
      ? { id: index, role: 'user', content: `question ${String(index)}` }
      : {
          id: index,
          role: 'assistant',
          agentName: 'Developer',
          content: `answer ${String(index)}`,
          citations: [],
          redactions: 0,
        },
  );
}

describe('chatHistory', () => {
  it('sends the turns as role and content, oldest first', () => {
    expect(chatHistory(conversation(2))).toEqual([
      { role: 'user', content: 'question 0' },
      { role: 'assistant', content: 'answer 1' },
    ]);
  });

  it('keeps only the last 20 turns', () => {
    const history = chatHistory(conversation(25));
    expect(history).toHaveLength(chatLimits.historyMax);
    expect(history[0]).toEqual({ role: 'assistant', content: 'answer 5' });
    expect(history.at(-1)).toEqual({ role: 'user', content: 'question 24' });
  });

  it("cuts a turn to the contract's length without splitting an emoji", () => {
    const long = `${'a'.repeat(flowLimits.inputMax - 1)}😀tail`;
    const [turn] = chatHistory([{ id: 1, role: 'user', content: long }]);
    expect(turn?.content).toBe('a'.repeat(flowLimits.inputMax - 1));
  });
});

describe('counterVisible', () => {
  it('shows the counter from 80% of the 4,000-character limit', () => {
    expect(counterVisible(3_199)).toBe(false);
    expect(counterVisible(3_200)).toBe(true);
    expect(counterVisible(4_100)).toBe(true);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    expect(retryAfterSeconds('42')).toBe(42);
    const now = Date.parse('2026-04-01T10:00:00Z');
    expect(retryAfterSeconds('Wed, 01 Apr 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});

describe('the agents load policy', () => {
  it('retries 3 times, not a refusal, but a rate limit or a timeout', () => {
    const serverDown = new ApiError(503, 'down');
    expect(retryAgentsLoad(0, serverDown)).toBe(true);
    expect(retryAgentsLoad(2, serverDown)).toBe(true);
    expect(retryAgentsLoad(3, serverDown)).toBe(false);
    expect(retryAgentsLoad(0, new ApiError(403, 'Forbidden'))).toBe(false);
    expect(retryAgentsLoad(0, new ApiError(429, 'Slow down'))).toBe(true);
    expect(retryAgentsLoad(0, new ApiError(408, 'Timeout'))).toBe(true);
  });

  it('waits 1 s, 2 s, 4 s… never more than 30 s', () => {
    expect([0, 1, 2, 5, 10].map(agentsRetryDelay)).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});

describe('chatFailure', () => {
  it('keeps the violations (once each) and threat level of a blocked prompt', () => {
    const violation = {
      type: 'instruction_override' as const,
      severity: 'high' as const,
      message: 'Tries to override earlier instructions',
      evidence: { start: 0, end: 6, text: 'Ignore' },
    };
    const error = new ChatRequestError(422, 'Prompt blocked by AI Security Layer', 'PROMPT_BLOCKED', {
      violations: [violation, { ...violation, evidence: { start: 10, end: 16, text: 'ignore' } }],
      threatLevel: 'high',
    });
    expect(chatFailure(error)).toEqual({
      kind: 'blocked',
      messages: ['Tries to override earlier instructions'],
      threatLevel: 'high',
    });
  });

  it.each([
    [
      new ChatRequestError(503, 'offline', 'SECURITY_LAYER_OFFLINE', { violations: [], threatLevel: 'critical' }),
      'securityOffline',
    ],
    [new ChatRequestError(402, 'no tokens', 'TOKENS_EXHAUSTED'), 'tokens'],
    [new ChatRequestError(502, 'The agent did not answer; try again', 'AGENT_UNAVAILABLE'), 'noAnswer'],
    [new ChatRequestError(0, 'slow', 'TIMEOUT'), 'timeout'],
    [new ApiError(404, 'Agent not found', 'NOT_FOUND'), 'agentGone'],
    [new ApiError(401, 'Unauthorized'), 'session'],
    [new ApiError(0, 'offline'), 'network'],
    [new ApiError(400, 'message: too long'), 'refused'],
    [new ApiError(500, 'Internal server error'), 'failed'],
    [new TypeError('boom'), 'failed'],
  ])('reads %o as %s', (error, kind) => {
    expect(chatFailure(error).kind).toBe(kind);
  });

  it('keeps the wait of a rate limit', () => {
    expect(chatFailure(new ChatRequestError(429, 'Too many', 'RATE_LIMITED', { retryAfter: 12 }))).toEqual({
      kind: 'rateLimited',
      seconds: 12,
    });
  });
});
