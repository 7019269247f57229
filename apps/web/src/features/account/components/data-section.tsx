/** Being built. */
export function DataSection() {
  return null;
}
