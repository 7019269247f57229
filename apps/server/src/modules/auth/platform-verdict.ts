import { applicationMessages, type ApiKeyScope, type RateLimitTier } from '@nuvem/contracts/applications';
import type { Role } from '@nuvem/contracts/orgs';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { ApiKeyAuth } from './principal.js';

/**
 * What the authentication hook needs from API-key verification, which the applications module
 * implements (`app.apiKeys`): a verdict as a value, after Unkey's `verifyKey`, never an HTTP error.
 * `answerVerdict` below is the one place a verdict becomes an HTTP answer.
 */

/** The tightest budget a platform request was counted against: what the RateLimit-* headers say. */
export interface RateLimitFigures {
  limit: number;
  remaining: number;
  /** Milliseconds until that budget's window resets. */
  resetInMs: number;
}

/** The key as the platform API needs it once it verified. */
interface KeyFacts {
  keyId: string;
  applicationId: string;
}

/**
 * The outcome of verifying an API key for one request (every outcome is counted in its usage):
 * - `NOT_FOUND`: no such key (or not a key at all);
 * - `REVOKED`, `EXPIRED`: the key no longer works;
 * - `RATE_LIMITED`: its tier's budget is spent; `USER_RATE_LIMITED`: its user's;
 * - `INSUFFICIENT_SCOPE`: the request's method needs a scope (`needs`) the key lacks;
 * - `VALID`: who the request acts as.
 * `ratelimit` is there once the budgets were counted.
 */
export type KeyVerification =
  | ({
      valid: true;
      code: 'VALID';
      /** The key's workspace. */
      userId: string;
      /** Who issued the key, and the role they issued it under. */
      createdBy: string;
      role: Role;
      scopes: ApiKeyScope[];
      tier: RateLimitTier;
    } & KeyFacts & {
        ratelimit: RateLimitFigures;
      })
  | { valid: false; code: 'NOT_FOUND' }
  | ({ valid: false; code: 'REVOKED' | 'EXPIRED' } & KeyFacts)
  | ({ valid: false; code: 'RATE_LIMITED' | 'USER_RATE_LIMITED' } & KeyFacts & { ratelimit: RateLimitFigures })
  | ({ valid: false; code: 'INSUFFICIENT_SCOPE'; needs: ApiKeyScope } & KeyFacts & { ratelimit: RateLimitFigures });

/** A session's call on the platform API, counted against its user's budget. */
export type UserBudgetVerdict =
  | { valid: true; code: 'VALID'; ratelimit: RateLimitFigures }
  | { valid: false; code: 'USER_RATE_LIMITED'; ratelimit: RateLimitFigures };

export type PlatformVerdict = KeyVerification | UserBudgetVerdict;

/** Seconds until a budget resets, as RateLimit-Reset and Retry-After say it (at least 1). */
const resetSeconds = (figures: RateLimitFigures) => Math.max(1, Math.ceil(figures.resetInMs / 1000));

/** The HTTP error of a refusing verdict. */
function refusal(verdict: Extract<PlatformVerdict, { valid: false }>): AppError {
  switch (verdict.code) {
    case 'NOT_FOUND':
      return new AppError(401, applicationMessages.invalidKey, 'INVALID_API_KEY');
    case 'REVOKED':
      return new AppError(401, applicationMessages.revokedKey, 'API_KEY_REVOKED');
    case 'EXPIRED':
      return new AppError(401, applicationMessages.expiredKey, 'API_KEY_EXPIRED');
    case 'RATE_LIMITED':
    case 'USER_RATE_LIMITED': {
      const message =
        verdict.code === 'RATE_LIMITED' ? applicationMessages.rateLimited : applicationMessages.userRateLimited;
      return new AppError(429, message, 'RATE_LIMITED', { 'retry-after': String(resetSeconds(verdict.ratelimit)) });
    }
    case 'INSUFFICIENT_SCOPE':
      return new AppError(
        403,
        verdict.needs === 'write' ? applicationMessages.missingWrite : applicationMessages.missingRead,
        'INSUFFICIENT_SCOPE',
      );
  }
}

/**
 * The one place a platform verdict becomes HTTP: RateLimit-* headers whenever budgets were
 * counted (on every answer after that, 200, 403 and 429 alike), and a 401, 403 or 429 (with
 * Retry-After) thrown when the verdict refuses.
 */
export function answerVerdict<V extends PlatformVerdict>(
  reply: FastifyReply,
  verdict: V,
): asserts verdict is Extract<V, { valid: true }> {
  if ('ratelimit' in verdict) {
    const figures = verdict.ratelimit;
    reply.header('ratelimit-limit', String(figures.limit));
    reply.header('ratelimit-remaining', String(figures.remaining));
    reply.header('ratelimit-reset', String(resetSeconds(figures)));
  }
  if (!verdict.valid) throw refusal(verdict);
}

/** Who a request made with a verified key acts as. */
export function keyAuthOf(verdict: Extract<KeyVerification, { valid: true }>): ApiKeyAuth {
  return {
    user: { id: verdict.createdBy },
    via: 'api_key',
    apiKey: {
      id: verdict.keyId,
      scopes: verdict.scopes,
      tier: verdict.tier,
      workspaceId: verdict.userId,
      role: verdict.role,
    },
  };
}
