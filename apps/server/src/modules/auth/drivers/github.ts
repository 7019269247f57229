import { z } from 'zod';
import type { OAuthClientConfig } from '../../../config.js';
import { fetchJson, OAuthError, type OAuthDriver } from './oauth-driver.js';

const tokenSchema = z.object({ access_token: z.string().min(1) });
const userSchema = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullable().optional(),
  avatar_url: z.string().nullable().optional(),
});
const emailsSchema = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** GitHub OAuth: code (with PKCE) for a token, then `/user` and `/user/emails` (verified primary e-mail). */
export function createGitHubDriver(
  config: OAuthClientConfig & { authorizeUrl: string; tokenUrl: string; apiUrl: string },
): OAuthDriver {
  return {
    provider: 'github',

    async authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(config.authorizeUrl);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        allow_signup: 'true',
      }).toString();
      return url.href;
    },

    async exchange({ code, codeVerifier, redirectUri }) {
      const tokenBody = await fetchJson(
        config.tokenUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({
            client_id: config.clientId,
            client_secret: config.clientSecret,
            code,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier,
          }),
        },
        'token exchange',
      );
      // GitHub answers 200 with { error } when the code is bad.
      const token = tokenSchema.safeParse(tokenBody);
      if (!token.success) throw new OAuthError('token exchange: no access token');
      const headers = {
        authorization: `Bearer ${token.data.access_token}`,
        accept: 'application/vnd.github+json',
        'user-agent': 'nuvem-portal',
      };
      const user = userSchema.safeParse(await fetchJson(`${config.apiUrl}/user`, { headers }, 'GitHub /user'));
      if (!user.success) throw new OAuthError('GitHub /user: unexpected reply');
      const emails = emailsSchema.safeParse(
        await fetchJson(`${config.apiUrl}/user/emails`, { headers }, 'GitHub /user/emails'),
      );
      if (!emails.success) throw new OAuthError('GitHub /user/emails: unexpected reply');
      const primary = emails.data.find((e) => e.primary && e.verified);
      if (!primary)
        throw new OAuthError('your GitHub account has no verified primary e-mail', 'social_unverified_email');
      return {
        provider: 'github',
        providerUserId: String(user.data.id),
        email: primary.email.trim().toLowerCase(),
        emailVerified: true,
        displayName: user.data.name ?? user.data.login,
        avatarUrl: user.data.avatar_url ?? null,
      };
    },
  };
}
