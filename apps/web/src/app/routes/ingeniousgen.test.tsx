import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { mockFetch, signedOutAuthRoutes } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

describe('Ingenious Gen routes', () => {
  beforeEach(() => {
    mockFetch(signedOutAuthRoutes);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the programme page at /ingeniousgen with its calls to action', async () => {
    renderRoute('/ingeniousgen');
    // The first render loads the page's chunk (and, in a cold test run, transforms it).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ingenious Gen' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    for (const name of ['Enrol now', 'Learn more', 'Talk to a consultant']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it("shows the spec's Portuguese calls to action in Portuguese", async () => {
    renderRoute('/ingeniousgen');
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeInTheDocument();
    for (const name of ['Inscrever-me agora', 'Saber mais', 'Falar com um consultor']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Descarregar programa' })).toBeInTheDocument();
  });

  it('opens the printable programme from "Download the programme"', async () => {
    const { router } = renderRoute('/ingeniousgen');
    await userEvent.click(await screen.findByRole('link', { name: 'Download the programme' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingenious Gen Programme' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ingeniousgen/programa');
    expect(screen.getByRole('button', { name: 'Print / save as PDF' })).toBeInTheDocument();
  });
});
