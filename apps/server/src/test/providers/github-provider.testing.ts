import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnFreePort, type RunningServer } from './listen.testing.js';

export interface GitHubTestUser {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface GitHubTestProvider extends RunningServer {
  clientId: string;
  clientSecret: string;
  /** The account that the next authorization signs in as. */
  user: GitHubTestUser;
  /** Env for the Nuvem server: GITHUB_* pointing here. */
  env: Record<string, string>;
}

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for GitHub's OAuth endpoints with the same contract: /login/oauth/authorize
 * (approves at once for the configured user), /login/oauth/access_token (checks the client secret,
 * the code, the redirect URI and the PKCE verifier), /user and /user/emails (bearer token).
 */
export async function startGitHubProvider(user: Partial<GitHubTestUser> = {}): Promise<GitHubTestProvider> {
  const clientId = 'nuvem-test-github';
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, { redirectUri: string; challenge: string; userId: number }>();
  const tokens = new Map<string, GitHubTestUser>();
  const state: { user: GitHubTestUser } = {
    user: {
      id: 4242,
      login: 'octo-dev',
      name: 'Octo Dev',
      avatar_url: null,
      emails: [{ email: 'octo@example.com', primary: true, verified: true }],
      ...user,
    },
  };

  const running = await listenOnFreePort((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri') ?? '';
        const challenge = url.searchParams.get('code_challenge') ?? '';
        if (
          url.searchParams.get('client_id') !== clientId ||
          !redirectUri ||
          url.searchParams.get('code_challenge_method') !== 'S256'
        ) {
          {
            json(res, 400, { error: 'invalid_request' });
            return;
          }
        }
        const code = randomBytes(10).toString('hex');
        codes.set(code, { redirectUri, challenge, userId: state.user.id });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = await readBody(req);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const ok =
          grant &&
          form.get('client_id') === clientId &&
          form.get('client_secret') === clientSecret &&
          form.get('redirect_uri') === grant.redirectUri &&
          createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
        if (!ok) {
          json(res, 200, { error: 'bad_verification_code' }); // GitHub answers 200 here
          return;
        }
        const token = `gho_${randomBytes(12).toString('hex')}`;
        tokens.set(token, state.user);
        {
          json(res, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
          return;
        }
      }
      const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
        if (!account) {
          json(res, 401, { message: 'Bad credentials' });
          return;
        }
        if (url.pathname === '/user/emails') {
          json(res, 200, account.emails);
          return;
        }
        const { emails: _emails, ...profile } = account;
        {
          json(res, 200, { ...profile, email: null });
          return;
        }
      }
      {
        json(res, 404, { message: 'Not Found' });
        return;
      }
    })();
  });

  return {
    ...running,
    clientId,
    clientSecret,
    get user() {
      return state.user;
    },
    set user(next: GitHubTestUser) {
      state.user = next;
    },
    env: {
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: clientSecret,
      GITHUB_AUTHORIZE_URL: `${running.url}/login/oauth/authorize`,
      GITHUB_TOKEN_URL: `${running.url}/login/oauth/access_token`,
      GITHUB_API_URL: running.url,
    },
  };
}
