/** An EventSource stand-in the test drives: open, messages, errors. */
export class FakeSource {
  static made: FakeSource[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  readyState = 0;
  closed = false;
  private handlers = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, handler: (ev: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, id: string) {
    for (const handler of this.handlers.get(type) ?? [])
      handler(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
}
