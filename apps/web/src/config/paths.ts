import { webPathPatterns as p } from '@nuvem/contracts/web-paths';

/**
 * The route table of the spec: `path` for the router, `getHref` for links. The patterns come from
 * the contracts, where the server reads them too (an address matching none answers 404).
 */
export const paths = {
  /** The desktop; `app` is the dock slot shown (0 to 6), kept in the address. */
  home: { path: p.home, getHref: (app?: number) => (app === undefined || app === 0 ? '/' : `/?app=${app}`) },
  pricing: { path: p.pricing, getHref: () => '/pricing' },
  planos: { path: p.planos, getHref: () => '/planos' },
  /** The events catalogue; `query` is its filters as kept in the address (see features/events). */
  events: {
    path: p.events,
    getHref: (query?: URLSearchParams | string) => {
      const search = query?.toString() ?? '';
      return search ? `/events?${search.replace(/^\?/, '')}` : '/events';
    },
  },
  /** One event's page: details, tickets and registration. */
  event: { path: p.event, getHref: (id: string) => `/events/${encodeURIComponent(id)}` },
  ingeniousgen: { path: p.ingeniousgen, getHref: () => '/ingeniousgen' },
  /** The printable (save as PDF) programme of Ingenious Gen. */
  ingeniousgenProgramme: { path: p.ingeniousgenProgramme, getHref: () => '/ingeniousgen/programa' },
  /** Where checkout returns; `order` is the order to show (read from the server, never from the address). */
  success: {
    path: p.success,
    getHref: (order?: string) => (order ? `/success?order=${encodeURIComponent(order)}` : '/success'),
  },
  /** The sandbox payment provider's hosted checkout page, served by the portal itself. */
  sandboxCheckout: {
    path: p.sandboxCheckout,
    getHref: (sessionId: string) => `/checkout/sandbox/${encodeURIComponent(sessionId)}`,
  },
  /** The signed-in user's account: e-mail, password, second factor, sessions, export and deletion. */
  account: { path: p.account, getHref: () => '/account' },
  /** Where a mailed verification (or e-mail change, or social claim) link lands; the token is in the address. */
  verifyEmail: { path: p.verifyEmail, getHref: () => '/verify-email' },
  /** Asks for a reset link by e-mail. */
  forgotPassword: { path: p.forgotPassword, getHref: () => '/forgot-password' },
  /** Where a mailed password-reset link lands; the token is in the address. */
  resetPassword: { path: p.resetPassword, getHref: () => '/reset-password' },
  /** The signed-in user's plan, balances and orders. */
  billing: { path: p.billing, getHref: () => '/account/billing' },
  login: {
    path: p.login,
    getHref: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  },
  developer: { path: p.developer, getHref: () => '/developer' },
  profile: { path: p.profile, getHref: (id: string) => `/profile/${encodeURIComponent(id)}` },
  containers: {
    logs: {
      path: p.containerLogs,
      getHref: (id: string) => `/containers/${encodeURIComponent(id)}/logs`,
    },
  },
  /** An organisation's settings: members, invitations, seats and the audit log. */
  organisations: {
    settings: { path: p.organisationSettings, getHref: (id: string) => `/organisations/${encodeURIComponent(id)}` },
  },
  /** Where a mailed invitation link lands; the token is in the address. */
  acceptInvitation: {
    path: p.acceptInvitation,
    getHref: (token?: string) =>
      token ? `/invitations/accept?token=${encodeURIComponent(token)}` : '/invitations/accept',
  },
  notFound: { path: '*' },
} as const;
