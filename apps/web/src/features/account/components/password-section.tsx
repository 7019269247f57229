/** Being built. */
export function PasswordSection() {
  return null;
}
