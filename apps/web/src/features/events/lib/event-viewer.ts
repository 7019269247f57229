/**
 * Who looks at the events screens, as app/ passes it (a feature does not read the session itself):
 * `ready` is false while the first session check runs.
 */
export interface EventViewer {
  id: string | null;
  ready: boolean;
}
