/** '/verify-email' (being built). */
export function VerifyEmailRoute() {
  return null;
}
