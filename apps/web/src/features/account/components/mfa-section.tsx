/** Being built. */
export function MfaSection() {
  return null;
}
