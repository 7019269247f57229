// What jsdom lacks and Radix menus, selects and dialogs use: they measure elements, capture the
// pointer and scroll items into view. Installed once for every web test (see setup.ts).
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function installBrowserGaps(): void {
  if (typeof Element === 'undefined') return; // a test file that runs in the node environment
  // The DOM types say these always exist; in jsdom they do not.
  const missing = (name: string, owner: object) => !(name in owner);
  if (missing('ResizeObserver', globalThis)) globalThis.ResizeObserver = ResizeObserverStub;
  if (missing('hasPointerCapture', Element.prototype)) Element.prototype.hasPointerCapture = () => false;
  if (missing('releasePointerCapture', Element.prototype)) Element.prototype.releasePointerCapture = () => undefined;
  if (missing('scrollIntoView', Element.prototype)) Element.prototype.scrollIntoView = () => undefined;
}
