import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { programme as en } from '../i18n/en';
import { programme as pt } from '../i18n/pt-PT';
import { highlightKeys, offeringIds } from '../lib/programme-content';
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
    expect(screen.getByRole('heading', { level: 1, name: 'Ingenious Gen Programme' })).toBeInTheDocument();
    const offerings = within(screen.getByRole('region', { name: 'Programme offerings' }));
    for (const [index, id] of offeringIds.entries()) {
      const offering = en.offerings[id];
      const heading = offerings.getByRole('heading', { level: 3, name: `${index + 1}. ${offering.title}` });
      const item = heading.closest('li');
      expect(item).not.toBeNull();
      if (!item) continue;
      expect(
        within(item)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(highlightKeys.map((key) => offering.highlights[key]));
    }
    const figures = within(screen.getByRole('region', { name: 'The programme in numbers' }));
    expect(figures.getAllByRole('definition').map((value) => value.textContent)).toEqual(['500+', '95%', '10k+']);
    const contacts = within(screen.getByRole('region', { name: 'Contacts' }));
    expect(contacts.getByRole('link', { name: `${window.location.origin}/ingeniousgen` })).toBeInTheDocument();
  });

  it('is written in European Portuguese when that is the language in use', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    renderDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Programa Ingenious Gen' })).toBeInTheDocument();
    const offerings = within(screen.getByRole('region', { name: 'Ofertas do programa' }));
    expect(offerings.getByRole('heading', { level: 3, name: `1. ${pt.offerings.estagios.title}` })).toBeInTheDocument();
    expect(offerings.getByText('Mentor dedicado durante todo o estágio')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'O programa em números' })).toHaveTextContent('empresas parceiras');
    expect(screen.getByRole('region', { name: 'Contactos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir / guardar em PDF' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao Ingenious Gen' })).toBeInTheDocument();
  });

  it('prints (or saves as PDF) with the print button', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderDocument();
    await user.click(screen.getByRole('button', { name: 'Print / save as PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('links back to the programme page', async () => {
    const { user, router } = renderDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Ingenious Gen' }));
    expect(router.state.location.pathname).toBe('/ingeniousgen');
  });
});
