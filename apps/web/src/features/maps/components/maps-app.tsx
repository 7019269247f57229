/** The Maps slot of the desktop (slot 3). Filled in by the maps feature. */
export function MapsApp() {
  return <p className="p-6 text-muted-foreground">Maps</p>;
}
