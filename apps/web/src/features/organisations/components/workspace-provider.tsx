import {
  membershipChanges,
  permissions as allPermissions,
  WORKSPACE_CHANGED_EVENT,
  type Permission,
  type Role,
  type Workspace,
  type WorkspaceChangedData,
} from '@nuvem/contracts/orgs';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, setActingWorkspace, useActingWorkspace } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useRealtimeClient } from '@/lib/realtime';
import { useWorkspaces } from '../api/get-workspaces';
import { organisationLeft, workspaceKeys } from '../api/workspaces-request';
import {
  chooseWorkspace,
  isWorkspaceQuery,
  readStoredWorkspace,
  storeWorkspace,
  withWorkspaceParam,
  workspaceDisplayName,
  workspaceParam,
} from '../lib/workspace-choice';

export interface WorkspaceContextValue {
  /** The signed-in user (null when signed out: there is no workspace then). */
  userId: string | null;
  /** Whether the user's address is verified (creating or joining an organisation needs it). */
  emailVerified: boolean;
  /** The workspace acted in: an organisation's id, or the user's own for the personal one. */
  workspaceId: string | null;
  /** The organisation acted in, or null for the personal workspace. */
  organisationId: string | null;
  /** Its entry of the list (name, role, permissions, seats), once the list is known. */
  workspace: Workspace | null;
  /** What the role allows here; null while not known (then nothing role-bound is offered). */
  permissions: readonly Permission[] | null;
  /** `GET /api/orgs`: every workspace the user belongs to, the personal one first. */
  list: UseQueryResult<Workspace[]>;
  /**
   * Acts in `workspaceId` from now on: remembered by this browser, written in the address, and
   * the other workspace's data dropped. `to` is where to go (default: stay on this page).
   */
  switchTo: (workspaceId: string, options?: { to?: string }) => void;
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

/** The current workspace (role, permissions, the list, the switch). Inside `WorkspaceProvider` only. */
export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace is used outside WorkspaceProvider');
  return value;
}

export interface WorkspaceProviderProps {
  userId: string | null;
  emailVerified?: boolean;
  children: ReactNode;
}

/**
 * Chooses the workspace the portal acts in (the address's `?org=`, else this browser's choice,
 * else the personal one), tells the API client (which names it in every call and the event
 * stream), keeps the address naming it so a shared link opens the same one, and drops a
 * workspace's cached data when another is chosen. Mounted by app/ inside the router.
 */
export function WorkspaceProvider({ userId, emailVerified = true, children }: WorkspaceProviderProps) {
  const { t } = useTranslation('organisations');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useWorkspaces({ enabled: userId !== null });
  // What this browser remembers is read on each render (it is cheap); `forget` re-renders after a
  // write that no navigation follows.
  const [, forget] = useReducer((n: number) => n + 1, 0);
  // The address (its key) a switch navigates away from, until its navigation lands (a lazy route
  // loads first): meanwhile the address is not "corrected" on the page being left.
  const switchingFrom = useRef<string | null>(null);

  const address = workspaceParam(location.search);
  const stored = userId ? readStoredWorkspace(userId) : null;
  const workspaces = userId ? list.data : undefined;
  const choice = userId ? chooseWorkspace({ userId, address, stored, workspaces }) : null;
  const workspaceId = choice?.id ?? null;
  const organisationId = choice?.organisationId ?? null;
  const refused = choice?.refused ?? null;
  const workspace = workspaces?.find((w) => w.id === workspaceId) ?? null;
  // The personal workspace is the user's own: everything is allowed there.
  const permissions: readonly Permission[] | null =
    organisationId === null ? allPermissions : (workspace?.permissions ?? null);
  const role: Role | null = organisationId === null ? 'owner' : (workspace?.role ?? null);

  // Before the screens' effects (which start their queries), so their first call names the workspace.
  const previous = useRef<{ userId: string | null; organisationId: string | null } | null>(null);
  useLayoutEffect(() => {
    setActingWorkspace({ organisationId, permissions, role });
    const before = previous.current;
    previous.current = { userId, organisationId };
    if (before && before.userId === userId && before.organisationId !== organisationId) {
      // Another workspace: what the last one's queries hold must not show here. Reset cancels
      // what is in flight and fetches the active ones again, now for the new workspace.
      void queryClient.resetQueries({ predicate: (query) => isWorkspaceQuery(query.queryKey) });
    }
  }, [userId, organisationId, permissions, role, queryClient]);

  // Signed out: the next user starts in their own personal workspace.
  useEffect(() => {
    if (userId === null) setActingWorkspace({ organisationId: null, permissions: allPermissions, role: 'owner' });
  }, [userId]);

  const announceRefused = useEffectEvent(() =>
    notify.error(t('switcher.refused', { name: workspaceDisplayName(workspace, t('switcher.personalName')) })),
  );
  // A workspace asked for that the user is not in (an old link, a removal): forget it and say so.
  useEffect(() => {
    if (!userId || !refused) return;
    if (readStoredWorkspace(userId) === refused) {
      storeWorkspace(userId, null);
      forget();
    }
    announceRefused();
  }, [userId, refused]);

  // The address names the workspace (so a copied link opens it); an address's choice is remembered.
  useEffect(() => {
    if (!userId) return;
    if (switchingFrom.current === location.key) return;
    switchingFrom.current = null;
    if (address && address === organisationId && workspace) storeWorkspace(userId, address);
    if (address === organisationId) return;
    void navigate(
      { pathname: location.pathname, search: withWorkspaceParam(location.search, organisationId), hash: location.hash },
      { replace: true, state: location.state as unknown, preventScrollReset: true },
    );
  }, [userId, address, organisationId, workspace, navigate, location]);

  const switchTo = useCallback(
    (id: string, { to }: { to?: string } = {}) => {
      if (!userId) return;
      storeWorkspace(userId, id);
      switchingFrom.current = location.key;
      const personal = id === userId || workspaces?.find((w) => w.id === id)?.kind === 'personal';
      const target = new URL(to ?? `${location.pathname}${location.search}${location.hash}`, window.location.origin);
      void navigate(
        {
          pathname: target.pathname,
          search: withWorkspaceParam(target.search, personal ? null : id),
          hash: target.hash,
        },
        { replace: to === undefined },
      );
    },
    [userId, workspaces, location, navigate],
  );

  // The event stream says a membership changed (sent before the stream on that organisation ends).
  // Lost (removed, or the organisation deleted) while acting in it: the portal leaves for the
  // personal workspace at once and says why, instead of calling it (and being refused) until a
  // reload; the list is asked for again once the address no longer names it (else the switcher
  // would call it "not one of yours"). Another change (a role, another organisation): the list is
  // asked for again now. A deletion or leaving asked from this page is left to its own flow.
  const realtime = useRealtimeClient();
  const lost = useRef<string | null>(null);
  const onWorkspaceChanged = useEffectEvent(({ organisationId: changed, change }: WorkspaceChangedData) => {
    if (!userId) return;
    const askedHere = queryClient
      .getMutationCache()
      .findAll({ mutationKey: workspaceKeys.leaving })
      .some((m) => m.state.status !== 'error' && organisationLeft(m.state.variables) === changed);
    if (askedHere) return;
    if (change === 'role' || changed !== organisationId) {
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
      return;
    }
    lost.current = changed;
    notify.error(
      t(change === 'deleted' ? 'switcher.lostDeleted' : 'switcher.lostRemoved', { name: workspace?.name ?? '' }),
    );
    switchTo(userId);
  });
  useEffect(
    () =>
      realtime?.listen((event) => {
        if (event.type !== WORKSPACE_CHANGED_EVENT) return;
        const { organisationId: changed, change } = event.data;
        const known = membershipChanges.find((c) => c === change);
        if (typeof changed === 'string' && known) onWorkspaceChanged({ organisationId: changed, change: known });
      }),
    [realtime],
  );
  // A call refused with ORGANISATION_NOT_FOUND while acting in an organisation: the user lost it
  // while their event stream was down (a sleeping laptop, a dropped network). The list is asked for
  // again; when it no longer holds the organisation, the choice above leaves it with the refusal's
  // message, instead of every screen failing until a reload. Not while this page is itself deleting
  // or leaving it (its own flow moves on), and one list read at a time.
  const onOrganisationRefused = useEffectEvent(() => {
    if (!userId || organisationId === null) return;
    const askedHere = queryClient
      .getMutationCache()
      .findAll({ mutationKey: workspaceKeys.leaving })
      .some((m) => m.state.status !== 'error' && organisationLeft(m.state.variables) === organisationId);
    if (askedHere || queryClient.isFetching({ queryKey: workspaceKeys.list }) > 0) return;
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
  });
  useEffect(() => {
    const refused = (error: unknown) => error instanceof ApiError && error.code === 'ORGANISATION_NOT_FOUND';
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refused(event.action.error)) {
        onOrganisationRefused();
      }
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && refused(event.action.error)) {
        onOrganisationRefused();
      }
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
  useEffect(() => {
    if (lost.current === null || lost.current === organisationId) return;
    lost.current = null;
    void queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
  }, [organisationId, queryClient]);

  const value = useMemo<WorkspaceContextValue>(
    () => ({
      userId,
      emailVerified,
      workspaceId,
      organisationId,
      workspace,
      permissions,
      list,
      switchTo,
    }),
    [userId, emailVerified, workspaceId, organisationId, workspace, permissions, list, switchTo],
  );

  // The screens wait (one synchronous render, before paint) until the API client acts in the
  // chosen workspace, so no call of theirs goes to another one.
  const acting = useActingWorkspace();
  const ready = userId === null || acting.organisationId === organisationId;
  return <WorkspaceContext.Provider value={value}>{ready ? children : null}</WorkspaceContext.Provider>;
}
