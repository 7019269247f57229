import { AI_SECURITY_MAX_PROMPT_BYTES } from '@nuvem/contracts/ai-security';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { checkFailure, fitsPromptLimit, leftRecord, promptCheckFormSchema, utf8Bytes } from './prompt-check';

describe('the prompt size', () => {
  it('is counted in UTF-8 bytes, as the server counts it', () => {
    expect(utf8Bytes('abc')).toBe(3);
    expect(utf8Bytes('ção')).toBe(5);
    expect(utf8Bytes('😀')).toBe(4);
  });

  it("stops at the contract's limit, in bytes rather than characters", () => {
    expect(fitsPromptLimit('a'.repeat(AI_SECURITY_MAX_PROMPT_BYTES))).toBe(true);
    expect(fitsPromptLimit('a'.repeat(AI_SECURITY_MAX_PROMPT_BYTES + 1))).toBe(false);
    // Half as many characters, each two bytes: one over.
    expect(fitsPromptLimit('é'.repeat(AI_SECURITY_MAX_PROMPT_BYTES / 2) + 'a')).toBe(false);
  });
});

describe('promptCheckFormSchema', () => {
  it('takes the prompt exactly as typed (never trimmed: the offsets point into it)', () => {
    expect(promptCheckFormSchema.parse({ prompt: '  hi \n' })).toEqual({ prompt: '  hi \n' });
  });

  it('refuses an empty prompt and one over the limit', () => {
    expect(promptCheckFormSchema.safeParse({ prompt: '' }).error?.issues[0]?.code).toBe('too_small');
    const tooLarge = promptCheckFormSchema.safeParse({ prompt: 'a'.repeat(AI_SECURITY_MAX_PROMPT_BYTES + 1) });
    expect(tooLarge.error?.issues.map((issue) => issue.code)).toEqual(['custom']);
  });
});

describe('checkFailure', () => {
  it('reads a layer that did not answer, or could not be reached, as offline (fail closed)', () => {
    expect(checkFailure(new ApiError(503, 'AI Security Layer unavailable', 'SECURITY_LAYER_OFFLINE'))).toEqual({
      kind: 'offline',
    });
    expect(checkFailure(new ApiError(0, 'The server could not be reached.'))).toEqual({ kind: 'offline' });
  });

  it("keeps the server's words for a prompt too large and for too many checks", () => {
    expect(checkFailure(new ApiError(413, 'Prompts are limited to 32 KB', 'PROMPT_TOO_LARGE'))).toEqual({
      kind: 'refused',
      message: 'Prompts are limited to 32 KB',
    });
    expect(checkFailure(new ApiError(429, 'Too many attempts. Try again in 1 minute.', 'RATE_LIMITED'))).toEqual({
      kind: 'refused',
      message: 'Too many attempts. Try again in 1 minute.',
    });
  });

  it('tells an ended session and anything else apart', () => {
    expect(checkFailure(new ApiError(401, 'Unauthorized'))).toEqual({ kind: 'session' });
    expect(checkFailure(new ApiError(500, 'Internal error'))).toEqual({ kind: 'other', message: 'Internal error' });
    expect(checkFailure(new Error('boom'))).toEqual({ kind: 'other', message: 'boom' });
  });
});

describe('leftRecord', () => {
  it('is true for a blocked prompt and a fail-closed one, the checks the server records', () => {
    expect(leftRecord({ safe: false }, null)).toBe(true);
    expect(leftRecord({ safe: true }, null)).toBe(false);
    expect(leftRecord(undefined, new ApiError(503, 'x', 'SECURITY_LAYER_OFFLINE'))).toBe(true);
    expect(leftRecord(undefined, new ApiError(429, 'x', 'RATE_LIMITED'))).toBe(false);
  });
});
