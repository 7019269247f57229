import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { applicationKeys } from '@/features/applications/api/applications-request';
import { useAuth } from '@/features/auth/components/auth-provider';
import { containerKeys } from '@/features/containers/api/container-request';
import { RealtimeClient, RealtimeContext, type RealtimeEvent } from '@/lib/realtime';

/** Changes arriving within this window refresh the affected queries once. */
const COALESCE_MS = 300;

/**
 * Opens the signed-in user's event stream and refreshes what an event changes: a container's
 * list, summary and details on `container.updated`, the keys and their figures on `api_key.used`.
 * The container and developer dashboards therefore update live, without polling while it is up.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  // One client per signed-in user, made here (nothing opens yet) and connected by the effect.
  const client = useMemo(() => {
    if (!userId) return null;
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      const keys = [...pending];
      pending.clear();
      for (const key of keys) {
        if (key === 'containers') void queryClient.invalidateQueries({ queryKey: containerKeys.all });
        else if (key === 'containers:lists') {
          void queryClient.invalidateQueries({ queryKey: ['containers', 'list'] });
          void queryClient.invalidateQueries({ queryKey: containerKeys.summary });
        } else if (key.startsWith('container:')) {
          const id = key.slice('container:'.length);
          void queryClient.invalidateQueries({ queryKey: containerKeys.detail(id) });
          void queryClient.invalidateQueries({ queryKey: containerKeys.metrics(id) });
        } else if (key === 'applications') void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      }
    };
    const mark = (key: string) => {
      pending.add(key);
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    const onEvent = (event: RealtimeEvent) => {
      if (event.type === 'container.updated') {
        mark('containers:lists');
        if (typeof event.data.id === 'string') mark(`container:${event.data.id}`);
      } else if (event.type === 'api_key.used') mark('applications');
    };
    return new RealtimeClient({
      onEvent,
      onError: () => window.dispatchEvent(new Event('realtime:error')),
    });
  }, [userId, queryClient]);

  useEffect(() => {
    if (!client) return;
    client.connect();
    return () => client.disconnect();
  }, [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
