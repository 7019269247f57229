/** Being built. */
export function EmailSection() {
  return null;
}
