import { describe, expect, it } from 'vitest';
import {
  chooseWorkspace,
  isWorkspaceQuery,
  readStoredWorkspace,
  storeWorkspace,
  withWorkspaceParam,
  workspaceParam,
} from './workspace-choice';

const personal = { id: 'usr_ana', kind: 'personal' } as const;
const acme = { id: 'wsp_acme', kind: 'organisation' } as const;
const globex = { id: 'wsp_globex', kind: 'organisation' } as const;
const workspaces = [personal, acme, globex];

describe('chooseWorkspace', () => {
  it('takes the address over what the browser remembers, so a shared link opens its workspace', () => {
    expect(chooseWorkspace({ userId: 'usr_ana', address: 'wsp_acme', stored: 'wsp_globex', workspaces })).toEqual({
      id: 'wsp_acme',
      organisationId: 'wsp_acme',
      refused: null,
    });
  });

  it('uses the remembered workspace when the address names none, and the personal one when neither does', () => {
    expect(chooseWorkspace({ userId: 'usr_ana', address: null, stored: 'wsp_globex', workspaces }).id).toBe(
      'wsp_globex',
    );
    expect(chooseWorkspace({ userId: 'usr_ana', address: null, stored: null, workspaces })).toEqual({
      id: 'usr_ana',
      organisationId: null,
      refused: null,
    });
  });

  it('trusts the choice while the list is not known (the server refuses a non-member anyway)', () => {
    expect(chooseWorkspace({ userId: 'usr_ana', address: null, stored: 'wsp_other', workspaces: undefined })).toEqual({
      id: 'wsp_other',
      organisationId: 'wsp_other',
      refused: null,
    });
  });

  it('refuses a workspace the user is not in, falling back to the remembered one, then the personal one', () => {
    expect(chooseWorkspace({ userId: 'usr_ana', address: 'wsp_other', stored: 'wsp_acme', workspaces })).toEqual({
      id: 'wsp_acme',
      organisationId: 'wsp_acme',
      refused: 'wsp_other',
    });
    // Removed from the organisation this browser remembered.
    expect(chooseWorkspace({ userId: 'usr_ana', address: null, stored: 'wsp_gone', workspaces })).toEqual({
      id: 'usr_ana',
      organisationId: null,
      refused: 'wsp_gone',
    });
  });

  it('treats the personal workspace named in the address as personal (no organisation header)', () => {
    expect(chooseWorkspace({ userId: 'usr_ana', address: 'usr_ana', stored: 'wsp_acme', workspaces })).toEqual({
      id: 'usr_ana',
      organisationId: null,
      refused: null,
    });
  });
});

describe('the remembered workspace', () => {
  it('is kept per user, and choosing the personal workspace forgets it', () => {
    storeWorkspace('usr_ana', 'wsp_acme');
    expect(readStoredWorkspace('usr_ana')).toBe('wsp_acme');
    expect(readStoredWorkspace('usr_bob')).toBeNull();
    storeWorkspace('usr_ana', 'usr_ana');
    expect(readStoredWorkspace('usr_ana')).toBeNull();
  });
});

describe('the address', () => {
  it('names an organisation with ?org= beside the page’s own parameters, and drops it for the personal workspace', () => {
    expect(withWorkspaceParam('?app=3', 'wsp_acme')).toBe('?app=3&org=wsp_acme');
    expect(withWorkspaceParam('?app=3&org=wsp_acme', null)).toBe('?app=3');
    expect(withWorkspaceParam('?org=wsp_acme', null)).toBe('');
    expect(workspaceParam('?app=3&org=wsp_acme')).toBe('wsp_acme');
    expect(workspaceParam('?org=')).toBeNull();
  });
});

describe('isWorkspaceQuery', () => {
  it('drops a workspace’s data on a switch and keeps the account’s and the list of workspaces', () => {
    expect(isWorkspaceQuery(['containers', 'list'])).toBe(true);
    expect(isWorkspaceQuery(['applications'])).toBe(true);
    expect(isWorkspaceQuery(['billing', 'plan'])).toBe(true);
    expect(isWorkspaceQuery(['orgs', 'list'])).toBe(false);
    expect(isWorkspaceQuery(['account', 'sessions'])).toBe(false);
    expect(isWorkspaceQuery(['auth', 'config'])).toBe(false);
  });
});
