/** The route table of the spec: `path` for the router, `getHref` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  planos: { path: '/planos', getHref: () => '/planos' },
  events: { path: '/events', getHref: () => '/events' },
  ingeniousgen: { path: '/ingeniousgen', getHref: () => '/ingeniousgen' },
  success: { path: '/success', getHref: () => '/success' },
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
