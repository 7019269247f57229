import { API_KEY_NAME_MAX_LENGTH, KEY_EXPIRY_MAX_DAYS, KEY_EXPIRY_MIN_DAYS } from '@nuvem/contracts/applications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/sonner';
import { fetchCalls, jsonResponse, reply, sequence, type FetchHandler } from '@/testing/mock-fetch.testing';
import {
  apiKey,
  application,
  fullKey,
  issuedKey,
  keyList,
  renderWithProviders,
  stubBrowserGaps,
} from './api-key-fixtures.testing';
import { ApiKeysTab } from './api-keys-tab';

const listRoute = 'GET /applications/app_1/keys';
const createRoute = 'POST /applications/app_1/keys';

const active = apiKey();
const revoked = apiKey({
  id: 'key_2',
  name: 'Old laptop',
  key_prefix: 'nuv_ZyXwVuTs',
  scopes: ['read'],
  rate_limit_tier: 'premium',
  usage_count: 7,
  last_used_at: '2026-02-10T00:00:00.000Z',
  revoked_at: '2026-02-11T00:00:00.000Z',
  revoked_reason: 'Laptop lost',
});
const expired = apiKey({
  id: 'key_3',
  name: 'Demo',
  key_prefix: 'nuv_Expired0',
  expires_at: '2020-01-01T00:00:00.000Z',
  created_at: '2019-01-01T00:00:00.000Z',
});

/** The list answers with or without the revoked keys, as the server does. */
function listOf(...keys: (typeof active)[]): FetchHandler {
  return (url) =>
    jsonResponse(
      keyList(url.searchParams.get('include_revoked') === 'true' ? keys : keys.filter((k) => !k.revoked_at)),
    );
}

function renderTab(routes: Record<string, FetchHandler>, { withApplication = true } = {}) {
  return renderWithProviders(<ApiKeysTab application={withApplication ? application : undefined} />, routes);
}

beforeEach(stubBrowserGaps);

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ApiKeysTab', () => {
  it('asks for an application first when there is none', async () => {
    const { user, fetchSpy } = renderTab({}, { withApplication: false });
    expect(screen.getByText('No application selected')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Show revoked' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    expect(await screen.findByText('Please select an application first')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows a key with its masked prefix, scopes, tier, usage and last use', async () => {
    renderTab({ [listRoute]: listOf(active) });
    const item = await screen.findByRole('listitem', { name: 'CI pipeline' });
    expect(within(item).getByText('nuv_AbCdEfGh••••••••')).toBeInTheDocument();
    expect(within(item).getByText('Read')).toBeInTheDocument();
    expect(within(item).getByText('Write')).toBeInTheDocument();
    expect(within(item).getByText('standard · 60/min')).toBeInTheDocument();
    expect(within(item).getByText('1,234 requests')).toBeInTheDocument();
    expect(within(item).getByText('Never used')).toBeInTheDocument();
    expect(within(item).getByText('Jan 1, 2099')).toBeInTheDocument();
    expect(within(item).queryByText('Revoked')).not.toBeInTheDocument();
    for (const name of ['Copy prefix of CI pipeline', 'Rotate CI pipeline', 'Revoke CI pipeline']) {
      expect(within(item).getByRole('button', { name })).toBeEnabled();
    }
  });

  it('says when there are no keys yet', async () => {
    renderTab({ [listRoute]: reply(keyList([])) });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('shows revoked keys on demand, with a Revoked badge and no actions', async () => {
    const { user, fetchSpy } = renderTab({ [listRoute]: listOf(active, revoked) });
    await screen.findByRole('listitem', { name: 'CI pipeline' });
    expect(screen.queryByRole('listitem', { name: 'Old laptop' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show revoked' }));
    const item = await screen.findByRole('listitem', { name: 'Old laptop' });
    expect(fetchCalls(fetchSpy, listRoute).map((c) => new URL(c.url, 'http://x').search)).toEqual([
      '',
      '?include_revoked=true',
    ]);
    expect(within(item).getByText('Revoked')).toBeInTheDocument();
    expect(within(item).getByText('Laptop lost')).toBeInTheDocument();
    expect(within(item).getByText('premium · 600/min')).toBeInTheDocument();
    expect(within(item).queryAllByRole('button')).toHaveLength(0);
    // Active keys come first.
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('h3')?.textContent)).toEqual([
      'CI pipeline',
      'Old laptop',
    ]);
  });

  it('marks an expired key, which can be revoked but not rotated', async () => {
    renderTab({ [listRoute]: listOf(expired) });
    const item = await screen.findByRole('listitem', { name: 'Demo' });
    expect(within(item).getByText('Expired')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Rotate Demo' })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Revoke Demo' })).toBeEnabled();
  });

  it('copies the key prefix, never more', async () => {
    const { user } = renderTab({ [listRoute]: listOf(active) });
    await user.click(await screen.findByRole('button', { name: 'Copy prefix of CI pipeline' }));
    expect(await screen.findByText('Key prefix copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('nuv_AbCdEfGh');
  });

  it('generates a key, shows it once, and forgets it after "I\'ve Saved the Key"', async () => {
    const created = apiKey({ id: 'key_9', name: 'Deploy bot', key_prefix: 'nuv_NewKey12' });
    const { user, fetchSpy, queryClient } = renderTab({
      [listRoute]: sequence(reply(keyList([active])), reply(keyList([created, active]))),
      [createRoute]: reply(issuedKey(created), 201),
    });
    await screen.findByRole('listitem', { name: 'CI pipeline' });

    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    const generate = within(dialog).getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    expect(within(dialog).getByLabelText('Expires in (days)')).toHaveValue('365');
    expect(within(dialog).getByRole('checkbox', { name: 'Read' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Write' })).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'Key Name' }), '  Deploy bot ');
    const expiry = within(dialog).getByLabelText('Expires in (days)');
    await user.clear(expiry);
    await user.type(expiry, 'a year');
    expect(
      within(dialog).getByText('Not a whole number of days: the key will expire in 365 days.'),
    ).toBeInTheDocument();
    await user.click(generate);

    const shown = await screen.findByRole('dialog', { name: 'API Key Created Successfully' });
    expect(fetchCalls(fetchSpy, createRoute).map((c) => c.body)).toEqual([
      { name: 'Deploy bot', scopes: ['read', 'write'], expiresIn: 365 },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Generate New API Key' })).not.toBeInTheDocument();
    const field = within(shown).getByLabelText('API key');
    expect(field).toHaveValue(fullKey('nuv_NewKey12'));
    expect(field).toHaveAttribute('readonly');
    expect(within(shown).getByText(/will not be shown again/)).toBeInTheDocument();
    expect(screen.getByText('API key created successfully')).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(fullKey('nuv_NewKey12'));

    // The list was refreshed behind the dialog.
    expect(await screen.findByRole('listitem', { name: 'Deploy bot', hidden: true })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: "I've Saved the Key" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(fullKey('nuv_NewKey12'))).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(fullKey('nuv_NewKey12'));
    // Nor is it kept in the query client's caches.
    const cached = [
      ...queryClient
        .getMutationCache()
        .getAll()
        .map((m) => m.state.data),
      ...queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    ];
    expect(JSON.stringify(cached)).not.toContain(fullKey('nuv_NewKey12'));
    expect(screen.getByRole('listitem', { name: 'Deploy bot' })).toHaveTextContent('nuv_NewKey12••••••••');
    expect(screen.getByRole('button', { name: 'Generate API Key' })).toHaveFocus();
  });

  it('sends the description, the chosen scope and a typed expiry; a scope is required', async () => {
    const created = apiKey({ id: 'key_9', name: 'Writer' });
    const { user, fetchSpy } = renderTab({
      [listRoute]: reply(keyList([])),
      [createRoute]: reply(issuedKey(created), 201),
    });
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Name' }), 'Writer');
    await user.type(within(dialog).getByLabelText('Description'), 'Nightly deploys');
    const expiry = within(dialog).getByLabelText('Expires in (days)');
    await user.clear(expiry);
    await user.type(expiry, '30');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write' }));
    expect(within(dialog).getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write' }));
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    await screen.findByRole('dialog', { name: 'API Key Created Successfully' });
    expect(fetchCalls(fetchSpy, createRoute).map((c) => c.body)).toEqual([
      { name: 'Writer', description: 'Nightly deploys', scopes: ['write'], expiresIn: 30 },
    ]);
  });

  it("refuses an expiry outside the contract's bounds beside the field, and sends nothing", async () => {
    const { user, fetchSpy } = renderTab({ [listRoute]: reply(keyList([])) });
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Name' }), 'x');
    const expiry = within(dialog).getByLabelText('Expires in (days)');
    const range = `Choose between ${KEY_EXPIRY_MIN_DAYS} and ${KEY_EXPIRY_MAX_DAYS} days.`;
    expect(expiry).toHaveAccessibleDescription(
      `A whole number of days, ${KEY_EXPIRY_MIN_DAYS} to ${KEY_EXPIRY_MAX_DAYS}.`,
    );
    for (const outside of [KEY_EXPIRY_MIN_DAYS - 1, KEY_EXPIRY_MAX_DAYS + 1]) {
      await user.clear(expiry);
      await user.type(expiry, String(outside));
      expect(within(dialog).getByText(range)).toBeInTheDocument();
      expect(expiry).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeDisabled();
    }
    await user.clear(expiry);
    await user.type(expiry, String(KEY_EXPIRY_MAX_DAYS));
    expect(within(dialog).queryByText(range)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeEnabled();
    expect(fetchCalls(fetchSpy, createRoute)).toHaveLength(0);
  });

  it("refuses a name one character over the contract's limit beside the field", async () => {
    const { user, fetchSpy } = renderTab({ [listRoute]: reply(keyList([])) });
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    const name = within(dialog).getByRole('textbox', { name: 'Key Name' });
    await user.click(name);
    await user.paste('k'.repeat(API_KEY_NAME_MAX_LENGTH + 1));
    expect(await within(dialog).findByText(`Use at most ${API_KEY_NAME_MAX_LENGTH} characters.`)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(fetchCalls(fetchSpy, createRoute)).toHaveLength(0);
  });

  it("shows a 400's details beside their fields and keeps the dialog open", async () => {
    const { user } = renderTab({
      [listRoute]: reply(keyList([])),
      [createRoute]: reply(
        {
          success: false,
          error: 'Name must be at most 100 characters.',
          code: 'VALIDATION_ERROR',
          details: [
            {
              path: 'body.name',
              message: 'must be at most 100 characters',
              code: 'too_big',
              origin: 'string',
              maximum: 100,
            },
          ],
        },
        400,
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Name' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));

    expect(await within(dialog).findByText('Use at most 100 characters.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Key Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Failed to create API key/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'API Key Created Successfully' })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when it refuses otherwise", async () => {
    const { user } = renderTab({
      [listRoute]: reply(keyList([])),
      [createRoute]: reply(
        { success: false, error: 'You have reached the limit of 25 active API keys.', code: 'LIMIT_REACHED' },
        409,
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Name' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('Failed to create API key: You have reached the limit of 25 active API keys.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Generate New API Key' })).toBeInTheDocument();
  });

  it('adds no failure toast of its own when the session has ended (401): the sign-in prompt says it', async () => {
    const { user, fetchSpy } = renderTab({
      [listRoute]: reply(keyList([])),
      [createRoute]: reply({ success: false, error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401),
    });
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Name' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(fetchCalls(fetchSpy, createRoute)).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Generate' })).toBeEnabled());
    expect(screen.queryByText(/Failed to create API key/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Unauthorized/)).not.toBeInTheDocument();
  });

  it('words a network failure while creating a key', async () => {
    const { user } = renderTab({
      [listRoute]: reply(keyList([])),
      [createRoute]: () => Promise.reject(new Error('offline')),
    });
    await user.click(screen.getByRole('button', { name: 'Generate API Key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate New API Key' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Key Name' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText(
        'Failed to create API key: The server could not be reached. Check your connection and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('revokes a key after the exact confirmation, with a reason', async () => {
    const revokeRoute = 'DELETE /applications/app_1/keys/key_1';
    const { user, fetchSpy } = renderTab({
      [listRoute]: sequence(reply(keyList([active])), reply(keyList([]))),
      [revokeRoute]: reply({ success: true, message: 'API key revoked successfully' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke CI pipeline' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke CI pipeline?' });
    expect(
      within(confirm).getByText('Are you sure you want to revoke this API key? This action cannot be undone.'),
    ).toBeInTheDocument();
    await user.type(within(confirm).getByLabelText('Reason'), ' Leaked in a log ');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));

    expect(await screen.findByText('API key revoked successfully')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, revokeRoute).map((c) => c.body)).toEqual([{ reason: 'Leaked in a log' }]);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says so when a revoke fails, and cancelling sends nothing', async () => {
    const revokeRoute = 'DELETE /applications/app_1/keys/key_1';
    const { user, fetchSpy } = renderTab({
      [listRoute]: listOf(active),
      [revokeRoute]: reply({}, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke CI pipeline' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(fetchCalls(fetchSpy, revokeRoute)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke CI pipeline' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Failed to revoke API key: HTTP 409')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, revokeRoute).map((c) => c.body)).toEqual([{}]);
  });

  it('rotates a key after the exact confirmation and shows the new key once', async () => {
    const rotateRoute = 'POST /applications/app_1/keys/key_1/rotate';
    const next = apiKey({ id: 'key_5', key_prefix: 'nuv_Rotated1' });
    let answer: (response: Response) => void = () => {};
    const { user } = renderTab({
      [listRoute]: sequence(reply(keyList([active])), reply(keyList([next]))),
      [rotateRoute]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Rotate CI pipeline' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate CI pipeline?' });
    expect(
      within(confirm).getByText('Are you sure you want to rotate this API key? The old key will be revoked.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Rotate key' }));

    // In flight: the confirmation cannot be dismissed and the row's actions wait.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Rotate key' })).toBeDisabled());
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revoke CI pipeline', hidden: true })).toBeDisabled();

    answer(jsonResponse(issuedKey(next, 'API key rotated successfully')));
    const shown = await screen.findByRole('dialog', { name: 'API Key Created Successfully' });
    expect(within(shown).getByLabelText('API key')).toHaveValue(fullKey('nuv_Rotated1'));
    expect(screen.getByText('API key rotated successfully')).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: "I've Saved the Key" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'CI pipeline' })).toHaveTextContent('nuv_Rotated1••••••••');
  });

  it('says so when a rotation fails', async () => {
    const rotateRoute = 'POST /applications/app_1/keys/key_1/rotate';
    const { user } = renderTab({
      [listRoute]: listOf(active),
      [rotateRoute]: reply({ success: false, error: 'Cannot rotate an expired API key', code: 'CONFLICT' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Rotate CI pipeline' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate key' }));
    expect(await screen.findByText('Failed to rotate API key: Cannot rotate an expired API key')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'API Key Created Successfully' })).not.toBeInTheDocument();
  });
});
