/** '/forgot-password' (being built). */
export function ForgotPasswordRoute() {
  return null;
}
