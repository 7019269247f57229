/**
 * The web app's page addresses, as React Router patterns. The web app's route table
 * (apps/web/src/config/paths.ts) takes its patterns from here, and the server answers an address
 * that matches none of them with 404 (still with the app's HTML, so the shell shows its not-found
 * page): one list, so a new page cannot be served as a 404 or a typo as a 200.
 */
export const webPathPatterns = {
  home: '/',
  pricing: '/pricing',
  planos: '/planos',
  events: '/events',
  event: '/events/:id',
  ingeniousgen: '/ingeniousgen',
  ingeniousgenProgramme: '/ingeniousgen/programa',
  success: '/success',
  sandboxCheckout: '/checkout/sandbox/:sessionId',
  account: '/account',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  billing: '/account/billing',
  login: '/login',
  developer: '/developer',
  profile: '/profile/:id',
  containerLogs: '/containers/:id/logs',
  organisationSettings: '/organisations/:id',
  acceptInvitation: '/invitations/accept',
} as const;

export type WebPathPattern = (typeof webPathPatterns)[keyof typeof webPathPatterns];

/**
 * A pattern as React Router matches it (its `compilePath`): case-insensitive, `:name` is one
 * non-empty segment, trailing slashes allowed.
 */
function compile(pattern: string): RegExp {
  const source = pattern
    .replace(/\/+$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:[\w-]+/g, '/[^/]+');
  return new RegExp(`^${source}/*$`, 'i');
}

const matchers = Object.values(webPathPatterns).map(compile);

/** The path with each segment percent-decoded, as React Router decodes the location (left as is when malformed). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** Whether a page of the web app answers `pathname` (no query string), i.e. it is not its 404 page. */
export function isWebPagePath(pathname: string): boolean {
  const path = decodePath(pathname);
  return matchers.some((matcher) => matcher.test(path));
}
