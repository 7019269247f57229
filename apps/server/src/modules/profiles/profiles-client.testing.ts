// Helpers for this module's API tests (not a test file itself).
import { testOrigin, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';

/** A 1x1 PNG: a real image, as a browser would upload it. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Calls as a signed-in user by the session's bearer token (the spec's profile page does). */
export function asUser(app: App, user: TestUser) {
  const headers = { origin: testOrigin, authorization: `Bearer ${user.accessToken}` };
  return {
    get: (url: string, extra: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { ...headers, ...extra } }),
    post: (url: string, payload?: object) => app.inject({ method: 'POST', url, headers, payload: payload ?? {} }),
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload }),
    patch: (url: string, payload: object) => app.inject({ method: 'PATCH', url, headers, payload }),
    del: (url: string) => app.inject({ method: 'DELETE', url, headers }),
    upload: (body: Buffer | string, contentType: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/me/avatar',
        headers: { ...headers, 'content-type': contentType },
        body,
      }),
  };
}
