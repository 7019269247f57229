import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { programmeOfferingsContent } from '../lib/programme-content';
import { ProgrammeDocument } from './programme-document';

function renderDocument() {
  const router = createMemoryRouter(
    [
      { path: '/ingeniousgen/programa', element: <ProgrammeDocument /> },
      { path: '/ingeniousgen', element: <p>landing page</p> },
    ],
    { initialEntries: ['/ingeniousgen/programa'] },
  );
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('ProgrammeDocument', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists all six offerings with their highlights, the figures and the contacts', () => {
    renderDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Programa Ingenious Gen' })).toBeInTheDocument();
    const offerings = within(screen.getByRole('region', { name: 'Ofertas do programa' }));
    for (const [index, offering] of programmeOfferingsContent.entries()) {
      const heading = offerings.getByRole('heading', { level: 3, name: `${index + 1}. ${offering.title}` });
      const item = heading.closest('li');
      expect(item).not.toBeNull();
      if (!item) continue;
      expect(
        within(item)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([...offering.highlights]);
    }
    const figures = within(screen.getByRole('region', { name: 'O programa em números' }));
    expect(figures.getAllByRole('definition').map((value) => value.textContent)).toEqual(['500+', '95%', '10k+']);
    const contacts = within(screen.getByRole('region', { name: 'Contactos' }));
    expect(contacts.getByRole('link', { name: `${window.location.origin}/ingeniousgen` })).toBeInTheDocument();
  });

  it('prints (or saves as PDF) with the print button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderDocument();
    await user.click(screen.getByRole('button', { name: 'Imprimir / guardar em PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('links back to the programme page', async () => {
    const { user, router } = renderDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar ao Ingenious Gen' }));
    expect(router.state.location.pathname).toBe('/ingeniousgen');
  });
});
