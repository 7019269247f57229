/** The MistHaven cabin page (desktop slot 5). Filled in by the cabin feature. */
export function CabinPage() {
  return <p className="p-6 text-muted-foreground">MistHaven</p>;
}
