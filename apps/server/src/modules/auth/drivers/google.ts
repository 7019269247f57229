import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import type { OAuthClientConfig } from '../../../config.js';
import { fetchJson, OAuthError, type OAuthDriver } from './oauth-driver.js';

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});

const tokenSchema = z.object({ id_token: z.string(), access_token: z.string().optional() });

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().nullish(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).nullish(),
  name: z.string().nullish(),
  picture: z.string().nullish(),
  nonce: z.string().nullish(),
});

/**
 * Google sign-in as OpenID Connect: endpoints from the issuer's discovery document, the ID token's
 * signature checked against the issuer's keys, and its issuer, audience, expiry and nonce checked.
 * Any OIDC provider works the same way (the tests run a local one).
 */
export function createGoogleDriver(config: OAuthClientConfig & { issuer: string }): OAuthDriver {
  let discovery: Promise<{ doc: z.infer<typeof discoverySchema>; jwks: JWTVerifyGetKey }> | undefined;
  const discover = () =>
    (discovery ??= fetchJson(`${config.issuer}/.well-known/openid-configuration`, {}, 'OIDC discovery')
      .then((body) => {
        const doc = discoverySchema.parse(body);
        return { doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
      })
      .catch((error: unknown) => {
        discovery = undefined; // try again next time
        throw error instanceof OAuthError
          ? error
          : new OAuthError('OIDC discovery: invalid document', 'social_unavailable');
      }));

  return {
    provider: 'google',

    async authorizationUrl({ state, codeChallenge, nonce, redirectUri }) {
      const { doc } = await discover();
      const url = new URL(doc.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },

    async exchange({ code, codeVerifier, nonce, redirectUri }) {
      const { doc, jwks } = await discover();
      const basic = Buffer.from(
        `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`,
      ).toString('base64');
      const tokenBody = await fetchJson(
        doc.token_endpoint,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
            authorization: `Basic ${basic}`,
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier,
          }),
        },
        'token exchange',
      );
      const tokens = tokenSchema.safeParse(tokenBody);
      if (!tokens.success) throw new OAuthError('token exchange: no ID token');

      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(tokens.data.id_token, jwks, { issuer: doc.issuer, audience: config.clientId }));
      } catch (error) {
        throw new OAuthError(`ID token rejected: ${error instanceof Error ? error.message : 'invalid'}`);
      }
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) throw new OAuthError('ID token: missing claims');
      if (claims.data.nonce !== nonce) throw new OAuthError('ID token: nonce mismatch');

      let { email, email_verified: verified, name, picture } = claims.data;
      if (!email && tokens.data.access_token && doc.userinfo_endpoint) {
        const parsed = claimsSchema
          .partial()
          .safeParse(
            await fetchJson(
              doc.userinfo_endpoint,
              { headers: { authorization: `Bearer ${tokens.data.access_token}` } },
              'userinfo',
            ),
          );
        // A malformed reply is the provider's failure, not a server error.
        if (!parsed.success) throw new OAuthError('userinfo: unexpected reply');
        const info = parsed.data;
        if (info.sub !== claims.data.sub) throw new OAuthError('userinfo: subject mismatch');
        ({ email, email_verified: verified, name = name, picture = picture } = info);
      }
      if (!email) throw new OAuthError('the provider shared no e-mail address', 'social_incomplete');
      return {
        provider: 'google',
        providerUserId: claims.data.sub,
        email: email.trim().toLowerCase(),
        emailVerified: verified === true || verified === 'true',
        displayName: name ?? null,
        avatarUrl: picture ?? null,
      };
    },
  };
}
