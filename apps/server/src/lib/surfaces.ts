/**
 * Paths that answer JSON (the APIs, sign-in and the probes), never a page: they get the compact
 * security headers, and an unknown one answers a JSON 404 instead of the web app.
 */
export const jsonSurface = /^\/(api|auth|sso|oauth|applications|healthz|readyz)(\/|\?|$)/;
