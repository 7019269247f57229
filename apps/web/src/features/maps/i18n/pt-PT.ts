import type { Messages } from '@/lib/i18n/messages';
import type { maps as en } from './en';

/** The maps feature's European Portuguese messages: the same keys as en.ts, checked by the compiler. */
export const maps: Messages<typeof en> = {
  title: 'Mapas',
  tagline: 'Navegue para qualquer lugar',
  directions: 'Direções',
  explore: 'Explorar',
  search: {
    label: 'Pesquisar cidades',
  },
  selected: {
    region: 'Cidade selecionada',
    coordinates: 'Coordenadas',
    population: 'População',
    populationAbout: 'cerca de {{population}}',
    empty: 'Pesquise uma cidade, ou carregue em Explorar para visitar uma ao acaso.',
  },
  route: {
    from: 'Origem',
    to: 'Destino',
    fromPlaceholder: 'Cidade de partida',
    toPlaceholder: 'Cidade de destino',
    swap: 'Trocar cidades',
    distance: 'Distância ortodrómica de {{from}} a {{to}}: <strong>{{distance}}</strong>',
    choose: 'Escolha duas cidades para ver a distância entre elas.',
  },
  map: {
    title: 'Mapa-múndi',
    noCity: 'Nenhuma cidade selecionada.',
    noRoute: 'Nenhuma rota escolhida.',
    marker: 'Marcador em {{city}}, {{country}}.',
    route: 'Rota ortodrómica de {{from}}, {{fromCountry}} a {{to}}, {{toCountry}}.',
    loading: 'A carregar o mapa…',
    failed: 'Não foi possível carregar o mapa.',
    zoomIn: 'Aproximar',
    zoomOut: 'Afastar',
    resetZoom: 'Repor o zoom',
    zoomLevel: 'Zoom {{zoom}}×',
  },
  combobox: {
    results: '{{label}}: resultados',
    noMatch: 'Nenhuma cidade corresponde a “{{query}}”.',
    found_one: '{{count}} cidade encontrada',
    found_other: '{{count}} cidades encontradas',
  },
  geo: {
    north: 'N',
    south: 'S',
    east: 'E',
    west: 'O',
    coordinates: '{{lat}}° {{latHemisphere}}, {{lon}}° {{lonHemisphere}}',
    km: '{{distance}} km',
  },
};
