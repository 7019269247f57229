import { ArrowLeftRightIcon, CompassIcon, LocateFixedIcon, MinusIcon, NavigationIcon, PlusIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CityCombobox } from '@/features/maps/components/city-combobox';
import { WorldMap, type MapMarker } from '@/features/maps/components/world-map';
import { cities, type City } from '@/features/maps/lib/cities';
import { pickRandomCity } from '@/features/maps/lib/city-search';
import { formatCoordinates, formatDistanceKm, formatPopulation, greatCircleKm } from '@/features/maps/lib/geo-format';
import { loadCountries, type CountryFeatures } from '@/features/maps/lib/load-world';
import { clampZoom, MAX_ZOOM, MIN_ZOOM } from '@/features/maps/lib/viewport';

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

function describeMap(mode: Mode, selected: City | null, from: City | null, to: City | null): string {
  if (mode === 'directions') {
    if (from && to) return `Great-circle route from ${from.name}, ${from.country} to ${to.name}, ${to.country}.`;
    const one = from ?? to;
    return one ? `Marker on ${one.name}, ${one.country}.` : 'No route chosen.';
  }
  return selected ? `Marker on ${selected.name}, ${selected.country}.` : 'No city selected.';
}

/** The Maps slot of the desktop (slot 3): an offline world map with city search and distances. */
export function MapsApp({ random = Math.random }: { random?: () => number }) {
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
          <h2 className="text-2xl font-semibold tracking-tight">Maps</h2>
          <p className="text-muted-foreground">Navigate anywhere</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={mode === 'directions' ? 'default' : 'outline'}
            aria-pressed={mode === 'directions'}
            onClick={toggleDirections}
          >
            <NavigationIcon aria-hidden="true" />
            Directions
          </Button>
          <Button variant="outline" onClick={explore}>
            <CompassIcon aria-hidden="true" />
            Explore
          </Button>
        </div>
      </header>

      <div className="grid min-h-0 gap-4 @3xl:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          {mode === 'explore' ? (
            <>
              <CityCombobox
                label="Search cities"
                placeholder="Search cities"
                hideLabel
                selected={selected}
                onSelect={setSelected}
              />
              <section aria-label="Selected city" aria-live="polite" className="glass rounded-lg p-4 text-sm">
                {selected ? (
                  <>
                    <h3 className="text-lg font-semibold">{selected.name}</h3>
                    <p className="text-muted-foreground">{selected.country}</p>
                    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                      <dt className="text-muted-foreground">Coordinates</dt>
                      <dd>{formatCoordinates(selected.lat, selected.lon)}</dd>
                      <dt className="text-muted-foreground">Population</dt>
                      <dd>about {formatPopulation(selected.population)}</dd>
                    </dl>
                  </>
                ) : (
                  <p className="text-muted-foreground">Search for a city, or press Explore to visit a random one.</p>
                )}
              </section>
            </>
          ) : (
            <section aria-label="Directions" className="glass grid gap-3 rounded-lg p-4">
              <CityCombobox label="From" placeholder="Starting city" selected={from} onSelect={setFrom} />
              <CityCombobox label="To" placeholder="Destination city" selected={to} onSelect={setTo} />
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
                Swap cities
              </Button>
              <p aria-live="polite" className="text-sm">
                {from && to ? (
                  <>
                    Great-circle distance from {from.name} to {to.name}:{' '}
                    <strong className="text-base">{formatDistanceKm(greatCircleKm(from, to))}</strong>
                  </>
                ) : (
                  <span className="text-muted-foreground">Choose two cities to see the distance between them.</span>
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
            description={describeMap(mode, selected, from, to)}
          />
          {state.status === 'loading' && (
            <p role="status" className="absolute inset-x-0 top-2 text-center text-sm text-muted-foreground">
              Loading map…
            </p>
          )}
          {state.status === 'error' && (
            <div role="alert" className="absolute inset-x-0 top-2 flex items-center justify-center gap-2 text-sm">
              The map could not be loaded.
              <Button size="sm" variant="outline" onClick={retry}>
                Retry
              </Button>
            </div>
          )}
          <div className="absolute right-2 bottom-2 flex flex-col gap-1">
            <Button
              variant="outline"
              size="icon"
              aria-label="Zoom in"
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
              aria-label="Zoom out"
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
              aria-label="Reset zoom"
              disabled={zoom === MIN_ZOOM}
              onClick={() => {
                setZoom(MIN_ZOOM);
              }}
            >
              <LocateFixedIcon aria-hidden="true" />
            </Button>
          </div>
          <p className="sr-only" aria-live="polite">
            {`Zoom ${zoom}×`}
          </p>
        </div>
      </div>
    </div>
  );
}
