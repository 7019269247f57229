import { randomBytes } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import { listenOnFreePort, type RunningServer } from './listen.testing.js';

export interface OidcTestAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string | null;
}

export interface OidcTestProvider extends RunningServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next sign-in authenticates as. */
  account: OidcTestAccount;
  /** Env for the Nuvem server: GOOGLE_* pointing here. */
  env: Record<string, string>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) standing in for Google: discovery,
 * signed ID tokens, PKCE, userinfo. Its login and consent steps approve at once for `account`,
 * the way a user already signed in to Google who had approved the app would pass through.
 */
export async function startOidcProvider(
  redirectUris: string[],
  account: Partial<OidcTestAccount> = {},
): Promise<OidcTestProvider> {
  const clientId = 'nuvem-test-google';
  const clientSecret = randomBytes(24).toString('hex');
  const state: { account: OidcTestAccount } = {
    account: {
      sub: '1084432190',
      email: 'ana.google@example.com',
      email_verified: true,
      name: 'Ana Google',
      picture: null,
      ...account,
    },
  };

  const holder: { provider?: Provider } = {};
  const running = await listenOnFreePort((req, res) => {
    const p = holder.provider;
    if (!p) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      void (async () => {
        try {
          const details = await p.interactionDetails(req, res);
          if (details.prompt.name === 'login') {
            await p.interactionFinished(
              req,
              res,
              { login: { accountId: state.account.sub } },
              { mergeWithLastSubmission: false },
            );
            return;
          }
          const grant = new p.Grant({ accountId: state.account.sub, clientId: String(details.params.client_id) });
          grant.addOIDCScope('openid email profile');
          const grantId = await grant.save();
          await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
        } catch (error) {
          res.writeHead(500).end(String(error));
        }
      })();
      return;
    }
    void p.callback()(req, res);
  });

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false, // like Google: e-mail and profile claims in the ID token
    ttl: { AccessToken: 3600, AuthorizationCode: 60, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ ...state.account, sub }),
    }),
  };
  holder.provider = new Provider(running.url, configuration);

  return {
    ...running,
    issuer: running.url,
    clientId,
    clientSecret,
    get account() {
      return state.account;
    },
    set account(next: OidcTestAccount) {
      state.account = next;
    },
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER: running.url },
  };
}
