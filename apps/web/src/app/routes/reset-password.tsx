/** '/reset-password' (being built). */
export function ResetPasswordRoute() {
  return null;
}
