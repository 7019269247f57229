/** Being built. */
export function SessionsSection() {
  return null;
}
