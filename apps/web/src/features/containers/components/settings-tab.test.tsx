import { containerDefaultsResponseSchema, type ContainerDefaults } from '@nuvem/contracts/containers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { SettingsTab } from './settings-tab';

const defaultsRoute = 'GET /api/v1/containers/defaults';
const saveRoute = 'PUT /api/v1/containers/defaults';

function defaultsReply(defaults: ContainerDefaults) {
  return containerDefaultsResponseSchema.parse({ success: true, defaults });
}

const echoSaved: FetchHandler = (_url, init) =>
  Response.json({
    success: true,
    defaults: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
  });

function renderSettings(save: FetchHandler = echoSaved) {
  const user = userEvent.setup();
  const fetchSpy = mockFetch({
    [defaultsRoute]: reply(defaultsReply({ tier: 'small', template_id: '' })),
    [saveRoute]: save,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsTab />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, fetchSpy };
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  toast.dismiss();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SettingsTab', () => {
  it('shows the saved defaults and saves a change with PUT', async () => {
    const { user, fetchSpy } = renderSettings();
    expect(screen.getByText('Configure default settings for new containers')).toBeInTheDocument();
    const tier = await screen.findByRole('combobox', { name: 'Default tier' });
    expect(tier).toHaveTextContent(/^Small/);
    expect(screen.getByRole('combobox', { name: 'Default template' })).toHaveTextContent('Ubuntu 24.04');
    const save = screen.getByRole('button', { name: 'Save defaults' });
    expect(save).toBeDisabled();

    await choose(user, 'Default tier', /^Medium/);
    await choose(user, 'Default template', 'Python 3.11');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('Default settings saved')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, saveRoute).map((call) => call.body)).toEqual([
      { tier: 'medium', template_id: 'python-3.11' },
    ]);
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByRole('combobox', { name: 'Default tier' })).toHaveTextContent(/^Medium/);
  });

  it('keeps the save disabled when a change is undone', async () => {
    const { user } = renderSettings();
    await screen.findByRole('combobox', { name: 'Default tier' });
    await choose(user, 'Default tier', /^Large/);
    expect(screen.getByRole('button', { name: 'Save defaults' })).toBeEnabled();
    await choose(user, 'Default tier', /^Small/);
    expect(screen.getByRole('button', { name: 'Save defaults' })).toBeDisabled();
  });

  it('sends the default template as the empty id', async () => {
    const { user, fetchSpy } = renderSettings();
    await screen.findByRole('combobox', { name: 'Default tier' });
    await choose(user, 'Default template', 'Docker');
    await choose(user, 'Default template', 'Ubuntu 24.04');
    await choose(user, 'Default tier', /^Large/);
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));
    await screen.findByText('Default settings saved');
    expect(fetchCalls(fetchSpy, saveRoute)[0]?.body).toEqual({ tier: 'large', template_id: '' });
  });

  it("shows the server's message when saving fails", async () => {
    const { user } = renderSettings(reply({ success: false, error: 'template_id: is invalid', code: 'BAD' }, 400));
    await screen.findByRole('combobox', { name: 'Default tier' });
    await choose(user, 'Default tier', /^Medium/);
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));
    expect(await screen.findByText('template_id: is invalid')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save defaults' })).toBeEnabled();
  });

  it("puts a 400's field details beside the field instead of a toast", async () => {
    const { user } = renderSettings(
      reply(
        {
          success: false,
          error: 'Template id must be one of the offered templates.',
          code: 'VALIDATION_ERROR',
          details: [
            { path: 'body.template_id', message: 'Template id is not an accepted value', code: 'invalid_value' },
          ],
        },
        400,
      ),
    );
    await screen.findByRole('combobox', { name: 'Default tier' });
    await choose(user, 'Default template', 'Docker');
    await user.click(screen.getByRole('button', { name: 'Save defaults' }));
    const template = screen.getByRole('combobox', { name: 'Default template' });
    await waitFor(() => expect(template).toHaveAttribute('aria-invalid', 'true'));
    expect(template).toHaveAccessibleDescription(expect.stringContaining('Choose one of the options offered.'));
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });
});
