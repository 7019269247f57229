import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CabinPage } from '@/features/cabin/components/cabin-page';
import { cabinFacts } from '@/features/cabin/lib/cabin-facts';
import { cabinPhotos } from '@/features/cabin/lib/cabin-photos';
import { i18n } from '@/lib/i18n';

// jsdom does not lay out, so it has no scrollIntoView.
const scrollIntoView = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  scrollIntoView.mockReset();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

describe('cabinFacts', () => {
  it('holds the spec’s figures', () => {
    expect(cabinFacts).toEqual({
      bedrooms: 2,
      guests: { min: 2, max: 5 },
      pricePerNight: 329,
      currency: 'USD',
      rating: 4.8,
      stays: 2400,
      photoCount: 24,
    });
    expect(cabinPhotos).toHaveLength(cabinFacts.photoCount);
  });
});

describe('CabinPage', () => {
  it('shows the title, tagline and the two buttons of the slot', () => {
    render(<CabinPage />);
    expect(screen.getByRole('heading', { level: 2, name: 'MistHaven' })).toBeInTheDocument();
    expect(screen.getByText('Quiet Escapes in the Wild')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reserve' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore' })).toBeInTheDocument();
  });

  it('renders every fact of the spec exactly', () => {
    render(<CabinPage />);
    const page = screen.getByRole('article', { name: 'MistHaven' });
    expect(page).toHaveTextContent('2-bedroom cabin');
    const details = within(screen.getByRole('region', { name: 'About the cabin' }));
    const value = (term: string) => details.getByText(term).nextElementSibling?.textContent;
    expect(value('Check-in')).toBe('Apr 14 after 2:00 PM');
    expect(value('Check-out')).toBe('Apr 18 until 11:00 AM');
    expect(value('Guests')).toBe('2–5');
    expect(value('Pet-friendly')).toBe('Yes');

    const price = screen.getByRole('region', { name: 'Price and rating' });
    expect(price).toHaveTextContent('$329 per night');
    expect(within(price).getByText('Taxes and fees not included')).toBeInTheDocument();
    expect(within(price).getByText('4.8 from 2,400+ stays')).toBeInTheDocument();
    expect(within(price).getByText('No service fees on direct bookings')).toBeInTheDocument();

    const photos = screen.getByRole('region', { name: 'Photos' });
    expect(within(photos).getByText('24 photos')).toBeInTheDocument();
    const tiles = within(photos).getAllByRole('img');
    expect(tiles).toHaveLength(24);
    expect(tiles[0]).toHaveAccessibleName('Photo 1 of 24: The cabin at dawn');
    expect(tiles[23]).toHaveAccessibleName(/^Photo 24 of 24: /);
    expect(page.querySelector('img')).toBeNull();
  });

  it('is written in European Portuguese, with the figures in Portuguese style', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    const user = userEvent.setup();
    render(<CabinPage />);
    const page = screen.getByRole('article', { name: 'MistHaven' });
    expect(screen.getByText('Refúgios tranquilos na natureza')).toBeInTheDocument();
    expect(page).toHaveTextContent('cabana de 2 quartos');
    const details = within(screen.getByRole('region', { name: 'Sobre a cabana' }));
    const value = (term: string) => details.getByText(term).nextElementSibling?.textContent;
    expect(value('Entrada')).toBe('14 de abril, a partir das 14:00');
    expect(value('Saída')).toBe('18 de abril, até às 11:00');
    expect(value('Hóspedes')).toBe('2–5');
    expect(value('Aceita animais')).toBe('Sim');
    const price = screen.getByRole('region', { name: 'Preço e avaliação' });
    expect(price).toHaveTextContent(/329\s?US\$ por noite/);
    expect(within(price).getByText('4,8 em mais de 2400 estadias')).toBeInTheDocument();
    const photos = screen.getByRole('region', { name: 'Fotografias' });
    expect(within(photos).getByText('24 fotografias')).toBeInTheDocument();
    expect(within(photos).getAllByRole('img')[0]).toHaveAccessibleName('Fotografia 1 de 24: A cabana ao amanhecer');

    await user.click(screen.getByRole('button', { name: 'Reservar' }));
    expect(screen.getByRole('dialog', { name: 'Esta é uma página de demonstração' })).toHaveAccessibleDescription(
      'MistHaven é conteúdo de exemplo: não é feita nenhuma reserva e nada é cobrado.',
    );
  });

  it('Reserve says plainly that nothing is booked, and closes back to the button', async () => {
    const user = userEvent.setup();
    render(<CabinPage />);
    const reserve = screen.getByRole('button', { name: 'Reserve' });
    await user.click(reserve);
    const dialog = screen.getByRole('dialog', { name: 'This is a demo page' });
    expect(dialog).toHaveAccessibleDescription(
      'MistHaven is sample content: no booking is made and nothing is charged.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reserve).toHaveFocus();

    await user.click(reserve);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Explore takes the reader to the photos', async () => {
    const user = userEvent.setup();
    render(<CabinPage />);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    const heading = screen.getByRole('heading', { name: 'Photos' });
    expect(heading).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
  });

  it('Explore jumps without animation when the reader prefers reduced motion', async () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query.includes('reduce') }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const user = userEvent.setup();
      render(<CabinPage />);
      await user.click(screen.getByRole('button', { name: 'Explore' }));
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
