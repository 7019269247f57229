import { errorMessages, fieldLabel, type ErrorResponse, type ValidationIssue } from '@nuvem/contracts/common';
import fp from 'fastify-plugin';
import type { App } from '../../types.js';

/** With the u flag a well-formed surrogate pair is one code point outside this range. */
const loneSurrogate = /[\uD800-\uDFFF]/u;

/**
 * Why a string cannot be stored as PostgreSQL text, or null when it can: text columns refuse
 * U+0000, and a lone UTF-16 surrogate has no UTF-8 form (the driver would store U+FFFD instead).
 */
export function unstorableText(value: string): string | null {
  if (value.includes('\u0000')) return errorMessages.nulCharacter;
  if (loneSurrogate.test(value)) return errorMessages.unpairedSurrogate;
  return null;
}

/** A key as it may appear in a reported path: the characters it is refused for, made visible. */
function printableKey(key: string): string {
  return key.replaceAll('\u0000', '\\u0000').replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
}

/** A value met on the way down, and how it is reached (the path is spelled out only if reported). */
interface Step {
  value: object;
  parent: Step | null;
  key: string;
}

function pathOf(step: Step | null, key: string): string {
  let path = key;
  for (let at = step; at; at = at.parent) path = `${at.key}.${path}`;
  return path;
}

/** The shallowest string (or object key) in a parsed value that PostgreSQL cannot store. */
function findUnstorable(root: unknown, context: string): ValidationIssue | null {
  if (typeof root === 'string') {
    const message = unstorableText(root);
    return message ? { path: context, message } : null;
  }
  if (root === null || typeof root !== 'object' || Buffer.isBuffer(root)) return null;
  // Breadth-first over a queue, not recursion: a body may nest thousands of levels deep. Strings
  // are checked where they are met; only objects and arrays wait in the queue.
  const queue: Step[] = [{ value: root, parent: null, key: context }];
  for (const step of queue) {
    const children: [string, unknown][] = Array.isArray(step.value)
      ? step.value.map((item: unknown, i) => [String(i), item])
      : Object.entries(step.value);
    for (const [key, child] of children) {
      if (!Array.isArray(step.value)) {
        const message = unstorableText(key);
        if (message) return { path: pathOf(step, printableKey(key)), message };
      }
      if (typeof child === 'string') {
        const message = unstorableText(child);
        if (message) return { path: pathOf(step, key), message };
      } else if (child !== null && typeof child === 'object' && !Buffer.isBuffer(child)) {
        queue.push({ value: child, parent: step, key });
      }
    }
  }
  return null;
}

/**
 * Refuses, with the validation error's 400, any request whose path parameters, query string or
 * body holds text PostgreSQL cannot store, before any route's own hooks, handler or query run:
 * one place for every route, so no handler reaches the database with it and answers a 500.
 */
export const textGuardPlugin = fp(
  async (app: App) => {
    app.addHook('preValidation', (request, reply, done) => {
      const issue =
        findUnstorable(request.params, 'params') ??
        findUnstorable(request.query, 'querystring') ??
        findUnstorable(request.body, 'body');
      if (!issue) {
        done();
        return;
      }
      const body: ErrorResponse = {
        success: false,
        // 'Display name: text must not contain NUL characters': the field in words, then why.
        error: `${fieldLabel(issue.path)}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}.`,
        code: 'VALIDATION_ERROR',
        details: [issue],
      };
      // Answered here: done() is not called.
      void reply.code(400).send(body);
    });
  },
  { name: 'text-guard' },
);
