import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signedOutAuthRoutes } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/render-route';

describe('Ingenious Gen routes', () => {
  beforeEach(() => {
    mockFetch(signedOutAuthRoutes);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the programme page at /ingeniousgen with its calls to action', async () => {
    renderRoute('/ingeniousgen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeInTheDocument();
    for (const name of ['Inscrever-me agora', 'Saber mais', 'Falar com um consultor']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('opens the printable programme from "Descarregar programa"', async () => {
    const { router } = renderRoute('/ingeniousgen');
    await userEvent.click(await screen.findByRole('link', { name: 'Descarregar programa' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Programa Ingenious Gen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ingeniousgen/programa');
    expect(screen.getByRole('button', { name: 'Imprimir / guardar em PDF' })).toBeInTheDocument();
  });
});
