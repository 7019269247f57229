/** The route table of the spec: `path` for the router, `getHref` for links. */
export const paths = {
  /** The desktop; `app` is the dock slot shown (0 to 6), kept in the address. */
  home: { path: '/', getHref: (app?: number) => (app === undefined || app === 0 ? '/' : `/?app=${app}`) },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  planos: { path: '/planos', getHref: () => '/planos' },
  /** The events catalogue; `query` is its filters as kept in the address (see features/events). */
  events: {
    path: '/events',
    getHref: (query?: URLSearchParams | string) => {
      const search = query?.toString() ?? '';
      return search ? `/events?${search.replace(/^\?/, '')}` : '/events';
    },
  },
  /** One event's page: details, tickets and registration. */
  event: { path: '/events/:id', getHref: (id: string) => `/events/${encodeURIComponent(id)}` },
  ingeniousgen: { path: '/ingeniousgen', getHref: () => '/ingeniousgen' },
  /** The printable (save as PDF) programme of Ingenious Gen. */
  ingeniousgenProgramme: { path: '/ingeniousgen/programa', getHref: () => '/ingeniousgen/programa' },
  /** Where checkout returns; `order` is the order to show (read from the server, never from the address). */
  success: {
    path: '/success',
    getHref: (order?: string) => (order ? `/success?order=${encodeURIComponent(order)}` : '/success'),
  },
  /** The sandbox payment provider's hosted checkout page, served by the portal itself. */
  sandboxCheckout: {
    path: '/checkout/sandbox/:sessionId',
    getHref: (sessionId: string) => `/checkout/sandbox/${encodeURIComponent(sessionId)}`,
  },
  /** The signed-in user's account: e-mail, password, second factor, sessions, export and deletion. */
  account: { path: '/account', getHref: () => '/account' },
  /** Where a mailed verification (or e-mail change, or social claim) link lands; the token is in the address. */
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  /** Asks for a reset link by e-mail. */
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** Where a mailed password-reset link lands; the token is in the address. */
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** The signed-in user's plan, balances and orders. */
  billing: { path: '/account/billing', getHref: () => '/account/billing' },
  login: {
    path: '/login',
    getHref: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  },
  developer: { path: '/developer', getHref: () => '/developer' },
  profile: { path: '/profile/:id', getHref: (id: string) => `/profile/${encodeURIComponent(id)}` },
  containers: {
    logs: {
      path: '/containers/:id/logs',
      getHref: (id: string) => `/containers/${encodeURIComponent(id)}/logs`,
    },
  },
  notFound: { path: '*' },
} as const;
