// Helpers for this module's API tests (not a test file itself).
import { apiKeyCreatedResponseSchema, applicationCreatedResponseSchema } from '@nuvem/contracts/applications';
import { registerUser, testOrigin, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';

/** Calls as a signed-in user (the session's bearer token). */
export function asUser(app: App, user: TestUser) {
  const headers = { origin: testOrigin, authorization: `Bearer ${user.accessToken}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => app.inject({ method: 'POST', url, headers, payload: payload ?? {} }),
    put: (url: string, payload: object) => app.inject({ method: 'PUT', url, headers, payload }),
    del: (url: string, payload?: object) => app.inject({ method: 'DELETE', url, headers, payload }),
  };
}

/** Calls the platform API with an API key, as a program would (no Origin, no cookie). */
export function withKey(app: App, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
    post: (url: string, payload: object) => app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload }),
  };
}

/** A new user with one application and one key (created with `keyBody`). */
export async function userWithKey(app: App, keyBody: object = { name: 'ci' }) {
  const user = await registerUser(app);
  const api = asUser(app, user);
  const created = await api.post('/applications', { name: 'Test app' });
  const { application } = applicationCreatedResponseSchema.parse(created.json());
  const res = await api.post(`/applications/${application.id}/keys`, keyBody);
  if (res.statusCode !== 201) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  const { apiKey } = apiKeyCreatedResponseSchema.parse(res.json());
  return { user, api, application, apiKey };
}
