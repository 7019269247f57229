import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MapsApp } from '@/features/maps/components/maps-app';
import { cities } from '@/features/maps/lib/cities';
import { i18n } from '@/lib/i18n';

// Renders the app and waits for the bundled TopoJSON to be drawn, so no update lands after the test.
async function renderMaps(random = () => 0) {
  const user = userEvent.setup();
  const { container } = render(<MapsApp random={random} />);
  await waitFor(() => {
    expect(screen.queryByText('Loading map…')).not.toBeInTheDocument();
  });
  return { user, container };
}

describe('MapsApp', () => {
  it('shows the slot title, tagline, buttons and an offline world map', async () => {
    const { container } = await renderMaps();
    expect(screen.getByRole('heading', { name: 'Maps' })).toBeInTheDocument();
    expect(screen.getByText('Navigate anywhere')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Directions' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Explore' })).toBeInTheDocument();
    const map = screen.getByRole('img', { name: 'World map' });
    expect(map).toHaveAccessibleDescription('No city selected.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The 110m atlas has 177 countries, each drawn as a titled path.
    const countryTitles = [...container.querySelectorAll('path > title')].map((t) => t.textContent);
    expect(countryTitles.length).toBeGreaterThan(170);
    expect(countryTitles).toContain('Brazil');
  });

  it('searches cities without accents, navigates with arrows and selects with Enter', async () => {
    const { user } = await renderMaps();
    const search = screen.getByRole('combobox', { name: 'Search cities' });
    await user.type(search, 'sao');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['São PauloBrazil']);
    expect(search).toHaveAttribute('aria-expanded', 'true');

    await user.clear(search);
    await user.type(search, 'lo');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Los Angeles');
    expect(options[1]).toHaveTextContent('London');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(options.at(-1)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(search).toHaveValue('London');
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(search).toHaveFocus();
    const panel = screen.getByRole('region', { name: 'Selected city' });
    expect(within(panel).getByRole('heading', { name: 'London' })).toBeInTheDocument();
    expect(panel).toHaveTextContent('United Kingdom');
    expect(panel).toHaveTextContent('51.51° N, 0.13° W');
    expect(screen.getByRole('img', { name: 'World map' })).toHaveAccessibleDescription(
      'Marker on London, United Kingdom.',
    );
  });

  it('selects a city with the pointer and says when nothing matches', async () => {
    const { user } = await renderMaps();
    const search = screen.getByRole('combobox', { name: 'Search cities' });
    await user.type(search, 'atlantis');
    expect(screen.getByText('No cities match “atlantis”.')).toBeInTheDocument();
    expect(search).toHaveAttribute('aria-expanded', 'false');

    await user.clear(search);
    await user.type(search, 'TOKYO');
    await user.click(screen.getByRole('option', { name: /Tokyo/ }));
    expect(screen.getByRole('region', { name: 'Selected city' })).toHaveTextContent('35.68° N, 139.65° E');
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
  });

  it('shows a random city on Explore', async () => {
    const { user } = await renderMaps(() => 0.5);
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    const expected = cities[Math.floor(0.5 * cities.length)]!;
    const panel = screen.getByRole('region', { name: 'Selected city' });
    expect(within(panel).getByRole('heading', { name: expected.name })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search cities' })).toHaveValue(expected.name);
    // A second press never shows the same city again.
    await user.click(screen.getByRole('button', { name: 'Explore' }));
    expect(within(panel).queryByRole('heading', { name: expected.name })).not.toBeInTheDocument();
  });

  it('measures the great-circle distance between two cities and draws the route', async () => {
    const { user } = await renderMaps();
    await user.click(screen.getByRole('button', { name: 'Directions' }));
    expect(screen.getByRole('button', { name: 'Directions' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Choose two cities to see the distance between them.')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'From' }), 'london{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'To' }), 'new york{Enter}');
    const directions = screen.getByRole('region', { name: 'Directions' });
    expect(directions).toHaveTextContent('Great-circle distance from London to New York: 5,570 km');
    expect(screen.getByRole('img', { name: 'World map' })).toHaveAccessibleDescription(
      'Great-circle route from London, United Kingdom to New York, United States.',
    );

    await user.click(screen.getByRole('button', { name: 'Swap cities' }));
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('New York');
    expect(directions).toHaveTextContent('Great-circle distance from New York to London: 5,570 km');
  });

  it('speaks European Portuguese, figures included', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    const { user } = await renderMaps();
    expect(screen.getByRole('heading', { name: 'Mapas' })).toBeInTheDocument();
    expect(screen.getByText('Navegue para qualquer lugar')).toBeInTheDocument();
    const map = screen.getByRole('img', { name: 'Mapa-múndi' });
    expect(map).toHaveAccessibleDescription('Nenhuma cidade selecionada.');

    const search = screen.getByRole('combobox', { name: 'Pesquisar cidades' });
    await user.type(search, 'atlantis');
    expect(screen.getByText('Nenhuma cidade corresponde a “atlantis”.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'santiago{Enter}');
    const panel = screen.getByRole('region', { name: 'Cidade selecionada' });
    expect(panel).toHaveTextContent('33,45° S, 70,67° O');
    expect(panel).toHaveTextContent(/População\s*cerca de 6,\d\sM/);

    await user.click(screen.getByRole('button', { name: 'Direções' }));
    // The city chosen before is the starting point; replace it.
    expect(screen.getByRole('combobox', { name: 'Origem' })).toHaveValue('Santiago');
    await user.clear(screen.getByRole('combobox', { name: 'Origem' }));
    await user.type(screen.getByRole('combobox', { name: 'Origem' }), 'london{Enter}');
    await user.type(screen.getByRole('combobox', { name: 'Destino' }), 'new york{Enter}');
    expect(screen.getByRole('region', { name: 'Direções' })).toHaveTextContent(
      'Distância ortodrómica de London a New York: 5570 km',
    );
    expect(screen.getByRole('button', { name: 'Aproximar' })).toBeEnabled();
  });

  it('zooms in and out within limits', async () => {
    const { user } = await renderMaps();
    const map = screen.getByRole('img', { name: 'World map' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomOut).toBeDisabled();
    expect(map).toHaveAttribute('viewBox', '0 0 960 500');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(map).toHaveAttribute('viewBox', '240 125 480 250');
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await user.click(zoomOut);
    expect(map).toHaveAttribute('viewBox', '360 187.5 240 125');
    await user.click(screen.getByRole('button', { name: 'Reset zoom' }));
    expect(map).toHaveAttribute('viewBox', '0 0 960 500');
  });
});
