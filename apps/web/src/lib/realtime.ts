import { ORGANIZATION_QUERY } from '@nuvem/contracts/orgs';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { getActingWorkspace, onActingWorkspaceChange } from './api-client';

/** The spec's reconnect delay after a stream error. */
export const REALTIME_RECONNECT_MS = 5_000;
export const REALTIME_PATH = '/api/realtime/events';

/** The event types the portal's stream sends. */
export const realtimeEventTypes = [
  'container.updated',
  'api_key.used',
  'agent.updated',
  'flow.updated',
  'execution.updated',
  // The last event of a member's stream on an organisation whose membership changed (role,
  // removal, the organisation deleted): the workspace provider leaves it or reads the role again.
  'workspace.changed',
] as const;
export type RealtimeEventType = (typeof realtimeEventTypes)[number];

export interface RealtimeEvent {
  id: string;
  type: RealtimeEventType;
  data: Record<string, unknown>;
}

/** idle: not connected (signed out); connecting; open; down: the last attempt failed, retrying. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'down';

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & {
  onopen: ((this: EventSource, ev: Event) => unknown) | null;
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
};

export interface RealtimeClientOptions {
  url?: string;
  onEvent: (event: RealtimeEvent) => void;
  /** Fired on every stream error (the spec's error event), before the reconnect is scheduled. */
  onError?: () => void;
  /** For tests. */
  createSource?: (url: string) => EventSourceLike;
  reconnectMs?: number;
  /**
   * The organisation whose events to stream (null: the personal workspace). Default: the acting
   * workspace, followed as it changes.
   */
  organisation?: () => string | null;
  /** Calls the listener when `organisation` may have changed (default: the acting workspace's changes). */
  onOrganisationChange?: (listener: () => void) => () => void;
}

/** The stream's address: the workspace (`?org=`, an EventSource sends no custom header) and the last event seen. */
export function realtimeUrl(base: string, organisationId: string | null, lastEventId: string | null): string {
  const query = new URLSearchParams();
  if (organisationId) query.set(ORGANIZATION_QUERY, organisationId);
  if (lastEventId) query.set('lastEventId', lastEventId);
  const search = query.toString();
  return search ? `${base}${base.includes('?') ? '&' : '?'}${search}` : base;
}

/**
 * One stream of the signed-in user's events. On an error the stream is closed, an error event
 * fires, and a new one opens after 5 s (the spec), asking for what was missed since the last
 * event id, so a reconnect loses nothing the server still keeps. It streams the acting workspace's
 * events and, when another workspace is chosen, replaces the stream with that one's.
 */
export class RealtimeClient {
  private source: EventSourceLike | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastEventId: string | null = null;
  private statusValue: RealtimeStatus = 'idle';
  private listeners = new Set<() => void>();
  private eventListeners = new Set<(event: RealtimeEvent) => void>();
  /** The organisation the open (or awaited) stream belongs to. */
  private organisationId: string | null = null;
  private stopWatchingWorkspace: (() => void) | null = null;

  constructor(private readonly options: RealtimeClientOptions) {}

  private currentOrganisation(): string | null {
    return (this.options.organisation ?? (() => getActingWorkspace().organisationId))();
  }

  /** Another workspace chosen: its stream replaces this one, from its own start (event ids are per stream). */
  private onWorkspaceChange = (): void => {
    if (this.currentOrganisation() === this.organisationId) return;
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    this.lastEventId = null;
    this.connect();
  };

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Calls `listener` with every event until the returned function is called. */
  listen(listener: (event: RealtimeEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    for (const listener of this.listeners) listener();
  }

  connect(): void {
    if (this.source) return;
    // No EventSource (an old browser, a test's DOM): no stream; the lists keep polling.
    if (!this.options.createSource && typeof EventSource === 'undefined') return;
    clearTimeout(this.timer);
    this.stopWatchingWorkspace ??= (this.options.onOrganisationChange ?? onActingWorkspaceChange)(
      this.onWorkspaceChange,
    );
    this.setStatus(this.statusValue === 'down' ? 'down' : 'connecting');
    this.organisationId = this.currentOrganisation();
    const url = realtimeUrl(this.options.url ?? REALTIME_PATH, this.organisationId, this.lastEventId);
    const source = (this.options.createSource ?? ((u) => new EventSource(u, { withCredentials: true })))(url);
    this.source = source;
    source.onopen = () => this.setStatus('open');
    source.onerror = () => {
      // The browser would retry by itself, but not after a 401 or 429; one rule for every error.
      source.close();
      if (this.source !== source) return;
      this.source = null;
      this.options.onError?.();
      this.setStatus('down');
      this.timer = setTimeout(() => this.connect(), this.options.reconnectMs ?? REALTIME_RECONNECT_MS);
    };
    for (const type of realtimeEventTypes) {
      source.addEventListener(type, (message) => {
        if (this.source !== source) return; // a stream already replaced (another workspace)
        const { data, lastEventId } = message as MessageEvent<string>;
        if (lastEventId) this.lastEventId = lastEventId;
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(data) as Record<string, unknown>;
        } catch {
          return;
        }
        const event = { id: lastEventId, type, data: parsed };
        this.options.onEvent(event);
        for (const listener of [...this.eventListeners]) listener(event);
      });
    }
  }

  disconnect(): void {
    clearTimeout(this.timer);
    this.stopWatchingWorkspace?.();
    this.stopWatchingWorkspace = null;
    this.source?.close();
    this.source = null;
    this.lastEventId = null;
    this.setStatus('idle');
  }
}

/** The client's status as React state. */
export function useRealtimeStatus(client: RealtimeClient | null): RealtimeStatus {
  return useSyncExternalStore(
    client?.subscribe ?? noopSubscribe,
    () => client?.status ?? 'idle',
    () => 'idle',
  );
}
const noopSubscribe = () => () => {};

/** The app's one client (null while signed out), provided by the app shell. */
export const RealtimeContext = createContext<RealtimeClient | null>(null);

/** The app's realtime client, or null while signed out. */
export function useRealtimeClient(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/** The stream's status for the header's dot. */
export function useRealtime(): RealtimeStatus {
  return useRealtimeStatus(useContext(RealtimeContext));
}
