import { ArrowLeftRightIcon, CompassIcon, LocateFixedIcon, MinusIcon, NavigationIcon, PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CityCombobox } from '@/features/maps/components/city-combobox';
import { WorldMap, type MapMarker } from '@/features/maps/components/world-map';
import { cities, type City } from '@/features/maps/lib/cities';
import { pickRandomCity } from '@/features/maps/lib/city-search';
import { formatCoordinates, formatDistanceKm, formatPopulation, greatCircleKm } from '@/features/maps/lib/geo-format';
import { loadCountries, type CountryFeatures } from '@/features/maps/lib/load-world';
import { clampZoom, MAX_ZOOM, MIN_ZOOM } from '@/features/maps/lib/viewport';
import { useFormat } from '@/lib/format';
import { i18n } from '@/lib/i18n';

type Mode = 'explore' | 'directions';
type LoadState = { status: 'loading' } | { status: 'ready'; countries: CountryFeatures } | { status: 'error' };

function useCountries() {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadCountries().then(
      (countries) => {
        if (live) setState({ status: 'ready', countries });
      },
      () => {
        if (live) setState({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}

function describeMap(mode: Mode, selected: City | null, from: City | null, to: City | null, locale: string): string {
  const marker = (city: City) => i18n.t('maps:map.marker', { lng: locale, city: city.name, country: city.country });
  if (mode === 'directions') {
    if (from && to) {
      return i18n.t('maps:map.route', {
        lng: locale,
        from: from.name,
        fromCountry: from.country,
        to: to.name,
        toCountry: to.country,
      });
    }
    const one = from ?? to;
    return one ? marker(one) : i18n.t('maps:map.noRoute', { lng: locale });
  }
  return selected ? marker(selected) : i18n.t('maps:map.noCity', { lng: locale });
}

/** The Maps slot of the desktop (slot 3): an offline world map with city search and distances. */
export function MapsApp({ random = Math.random }: { random?: () => number }) {
  const { t } = useTranslation('maps');
  const f = useFormat();
  const { state, retry } = useCountries();
  const [mode, setMode] = useState<Mode>('explore');
  const [selected, setSelected] = useState<City | null>(null);
  const [from, setFrom] = useState<City | null>(null);
  const [to, setTo] = useState<City | null>(null);
  const [zoom, setZoom] = useState(MIN_ZOOM);

  const route = mode === 'directions' && from && to ? ([from, to] as const) : null;
  const markers: MapMarker[] =
    mode === 'directions'
      ? [...(from ? [{ city: from, kind: 'from' as const }] : []), ...(to ? [{ city: to, kind: 'to' as const }] : [])]
      : selected
        ? [{ city: selected, kind: 'selected' }]
        : [];
  const focus = mode === 'directions' ? (to ?? from) : selected;

  function toggleDirections() {
    if (mode === 'directions') {
      setMode('explore');
      return;
    }
    setMode('directions');
    if (!from && selected) setFrom(selected);
    setZoom(MIN_ZOOM);
  }

  function explore() {
    setMode('explore');
    setSelected(pickRandomCity(cities, random, selected));
  }

  return (
    <div className="@container flex h-full min-h-0 w-full flex-1 flex-col gap-4 overflow-y-auto p-4 sm:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold tracking-tight">{t('title')}</h2>
          <p className="text-muted-foreground">{t('tagline')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={mode === 'directions' ? 'default' : 'outline'}
            aria-pressed={mode === 'directions'}
            onClick={toggleDirections}
          >
            <NavigationIcon aria-hidden="true" />
            {t('directions')}
          </Button>
          <Button variant="outline" onClick={explore}>
            <CompassIcon aria-hidden="true" />
            {t('explore')}
          </Button>
        </div>
      </header>

      <div className="grid min-h-0 gap-4 @3xl:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          {mode === 'explore' ? (
            <>
              <CityCombobox
                label={t('search.label')}
                placeholder={t('search.label')}
                hideLabel
                selected={selected}
                onSelect={setSelected}
              />
              <section aria-label={t('selected.region')} aria-live="polite" className="glass rounded-lg p-4 text-sm">
                {selected ? (
                  <>
                    <h3 className="text-lg font-semibold">{selected.name}</h3>
                    <p className="text-muted-foreground">{selected.country}</p>
                    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                      <dt className="text-muted-foreground">{t('selected.coordinates')}</dt>
                      <dd>{formatCoordinates(selected.lat, selected.lon, f.locale)}</dd>
                      <dt className="text-muted-foreground">{t('selected.population')}</dt>
                      <dd>
                        {t('selected.populationAbout', { population: formatPopulation(selected.population, f.locale) })}
                      </dd>
                    </dl>
                  </>
                ) : (
                  <p className="text-muted-foreground">{t('selected.empty')}</p>
                )}
              </section>
            </>
          ) : (
            <section aria-label={t('directions')} className="glass grid gap-3 rounded-lg p-4">
              <CityCombobox
                label={t('route.from')}
                placeholder={t('route.fromPlaceholder')}
                selected={from}
                onSelect={setFrom}
              />
              <CityCombobox
                label={t('route.to')}
                placeholder={t('route.toPlaceholder')}
                selected={to}
                onSelect={setTo}
              />
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-start"
                disabled={!from && !to}
                onClick={() => {
                  setFrom(to);
                  setTo(from);
                }}
              >
                <ArrowLeftRightIcon aria-hidden="true" />
                {t('route.swap')}
              </Button>
              <p aria-live="polite" className="text-sm">
                {from && to ? (
                  <Trans
                    t={t}
                    i18nKey="route.distance"
                    values={{
                      from: from.name,
                      to: to.name,
                      distance: formatDistanceKm(greatCircleKm(from, to), f.locale),
                    }}
                    components={{ strong: <strong className="text-base" /> }}
                  />
                ) : (
                  <span className="text-muted-foreground">{t('route.choose')}</span>
                )}
              </p>
            </section>
          )}
        </div>

        <div className="glass relative min-w-0 overflow-hidden rounded-lg">
          <WorldMap
            countries={state.status === 'ready' ? state.countries : null}
            markers={markers}
            route={route}
            zoom={zoom}
            focus={focus}
            description={describeMap(mode, selected, from, to, f.locale)}
          />
          {state.status === 'loading' && (
            <p role="status" className="absolute inset-x-0 top-2 text-center text-sm text-muted-foreground">
              {t('map.loading')}
            </p>
          )}
          {state.status === 'error' && (
            <div role="alert" className="absolute inset-x-0 top-2 flex items-center justify-center gap-2 text-sm">
              {t('map.failed')}
              <Button size="sm" variant="outline" onClick={retry}>
                {t('actions.retry', { ns: 'common' })}
              </Button>
            </div>
          )}
          <div className="absolute right-2 bottom-2 flex flex-col gap-1">
            <Button
              variant="outline"
              size="icon"
              aria-label={t('map.zoomIn')}
              disabled={zoom >= MAX_ZOOM}
              onClick={() => {
                setZoom((z) => clampZoom(z * 2));
              }}
            >
              <PlusIcon aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('map.zoomOut')}
              disabled={zoom <= MIN_ZOOM}
              onClick={() => {
                setZoom((z) => clampZoom(z / 2));
              }}
            >
              <MinusIcon aria-hidden="true" />
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('map.resetZoom')}
              disabled={zoom === MIN_ZOOM}
              onClick={() => {
                setZoom(MIN_ZOOM);
              }}
            >
              <LocateFixedIcon aria-hidden="true" />
            </Button>
          </div>
          <p className="sr-only" aria-live="polite">
            {t('map.zoomLevel', { zoom: f.count(zoom) })}
          </p>
        </div>
      </div>
    </div>
  );
}
