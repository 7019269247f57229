import { ORGANIZATION_QUERY, type Workspace } from '@nuvem/contracts/orgs';

/** Where a browser remembers each user's workspace (per user: two people may share a browser). */
export const WORKSPACE_STORAGE_KEY = 'nuvem.workspace';

export function workspaceStorageKey(userId: string): string {
  return `${WORKSPACE_STORAGE_KEY}:${userId}`;
}

export function readStoredWorkspace(userId: string): string | null {
  try {
    return window.localStorage.getItem(workspaceStorageKey(userId));
  } catch {
    return null; // storage blocked (privacy mode): the personal workspace
  }
}

/** Remembers `workspaceId` for the user; the personal one (or null) forgets the choice. */
export function storeWorkspace(userId: string, workspaceId: string | null): void {
  try {
    if (!workspaceId || workspaceId === userId) window.localStorage.removeItem(workspaceStorageKey(userId));
    else window.localStorage.setItem(workspaceStorageKey(userId), workspaceId);
  } catch {
    // storage blocked or full: the address still carries the choice
  }
}

export interface WorkspaceChoiceInput {
  /** The signed-in user; their personal workspace has their id. */
  userId: string;
  /** `?org=` of the address (a shared link), if any. */
  address: string | null;
  /** What this browser remembers for the user, if anything. */
  stored: string | null;
  /** The workspaces the user belongs to, once known (undefined while loading or when the list failed). */
  workspaces?: readonly Pick<Workspace, 'id' | 'kind'>[] | undefined;
}

export interface WorkspaceChoice {
  /** The workspace to act in. */
  id: string;
  /** The organisation's id, or null for the personal workspace (which needs no header). */
  organisationId: string | null;
  /** A workspace asked for (by the address or the browser) that the list says the user is not in. */
  refused: string | null;
}

/**
 * Which workspace to show: the address's (so a shared link opens the right one) beats the one
 * this browser remembers, which beats the personal one. Before the list is known the choice is
 * taken on trust (the server refuses a non-member anyway); once known, a workspace the user is not
 * in is refused and the next choice is used.
 */
export function chooseWorkspace({ userId, address, stored, workspaces }: WorkspaceChoiceInput): WorkspaceChoice {
  const personal = workspaces?.find((w) => w.kind === 'personal')?.id ?? userId;
  const result = (id: string, refused: string | null = null): WorkspaceChoice => ({
    id,
    organisationId: id === personal || id === userId ? null : id,
    refused,
  });
  const asked = [address, stored].filter((id): id is string => Boolean(id));
  if (!workspaces) return result(asked[0] ?? personal);
  let refused: string | null = null;
  for (const id of asked) {
    if (id === userId || workspaces.some((w) => w.id === id)) return result(id, refused);
    refused ??= id;
  }
  return result(personal, refused);
}

/** The page's search string with `?org=` naming the organisation, or without it for the personal workspace. */
export function withWorkspaceParam(search: string, organisationId: string | null): string {
  const query = new URLSearchParams(search);
  if (organisationId) query.set(ORGANIZATION_QUERY, organisationId);
  else query.delete(ORGANIZATION_QUERY);
  const next = query.toString();
  return next ? `?${next}` : '';
}

/** `?org=` of a search string. */
export function workspaceParam(search: string): string | null {
  return new URLSearchParams(search).get(ORGANIZATION_QUERY) || null;
}

/**
 * Query roots that hold no workspace's data (the account, public pages, the list of workspaces):
 * kept when the workspace changes; everything else is dropped and fetched again for the new one.
 */
const workspaceFreeRoots = new Set([
  'orgs',
  'rbac',
  'invitations',
  'auth',
  'account',
  'events',
  'profiles',
  'users',
  'ecosystem',
  'programme',
]);

/** Whether a query's data belongs to a workspace (and must not be shown in another). */
export function isWorkspaceQuery(queryKey: readonly unknown[]): boolean {
  const root = queryKey[0];
  return !(typeof root === 'string' && workspaceFreeRoots.has(root));
}

/** How a workspace is named on screen: an organisation by its name, the personal one by `personalName`. */
export function workspaceDisplayName(workspace: Pick<Workspace, 'kind' | 'name'> | null, personalName: string): string {
  return workspace && workspace.kind === 'organisation' ? workspace.name : personalName;
}
