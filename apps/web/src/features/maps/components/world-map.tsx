import { geoGraticule10, geoNaturalEarth1, geoPath } from 'd3-geo';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { City } from '@/features/maps/lib/cities';
import type { CountryFeatures } from '@/features/maps/lib/load-world';
import { computeViewBox, viewBoxAttribute } from '@/features/maps/lib/viewport';

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 500;

const projection = geoNaturalEarth1().fitExtent(
  [
    [6, 6],
    [MAP_WIDTH - 6, MAP_HEIGHT - 6],
  ],
  { type: 'Sphere' },
);
const path = geoPath(projection);
const spherePath = path({ type: 'Sphere' }) ?? '';
const graticulePath = path(geoGraticule10()) ?? '';

export interface MapMarker {
  city: City;
  kind: 'selected' | 'from' | 'to';
}

interface WorldMapProps {
  countries: CountryFeatures | null;
  markers: readonly MapMarker[];
  route: readonly [City, City] | null;
  zoom: number;
  /** The city the zoom centres on; the map's centre when null. */
  focus: City | null;
  /** What the map shows, for screen readers. */
  description: string;
}

function project(city: City): [number, number] | null {
  return projection([city.lon, city.lat]);
}

const markerColour: Record<MapMarker['kind'], string> = {
  selected: 'fill-accent',
  from: 'fill-success',
  to: 'fill-warning',
};

/** The world in the Natural Earth projection, with markers and a great-circle route. */
export function WorldMap({ countries, markers, route, zoom, focus, description }: WorldMapProps) {
  const { t } = useTranslation('maps');
  const titleId = useId();
  const descId = useId();
  const focusPoint = (focus && project(focus)) ?? [MAP_WIDTH / 2, MAP_HEIGHT / 2];
  const viewBox = computeViewBox(MAP_WIDTH, MAP_HEIGHT, zoom, focusPoint);
  // Markers keep their on-screen size whatever the zoom.
  const scale = MAP_WIDTH / viewBox.width;
  const routePath = route
    ? path({
        type: 'LineString',
        coordinates: [
          [route[0].lon, route[0].lat],
          [route[1].lon, route[1].lat],
        ],
      })
    : null;

  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      viewBox={viewBoxAttribute(viewBox)}
      preserveAspectRatio="xMidYMid meet"
      className="block h-auto w-full"
    >
      <title id={titleId}>{t('map.title')}</title>
      <desc id={descId}>{description}</desc>
      <path d={spherePath} className="fill-primary/10 stroke-glass-border" vectorEffect="non-scaling-stroke" />
      <path
        d={graticulePath}
        className="fill-none stroke-foreground/10"
        strokeWidth={0.5}
        vectorEffect="non-scaling-stroke"
      />
      {countries?.features.map((country, index) => (
        <path
          key={String(country.id ?? index)}
          d={path(country) ?? ''}
          className="fill-foreground/20 stroke-background/70"
          strokeWidth={0.5}
          vectorEffect="non-scaling-stroke"
        >
          <title>{country.properties.name}</title>
        </path>
      ))}
      {routePath && (
        <path
          d={routePath}
          className="fill-none stroke-primary"
          strokeWidth={2}
          strokeDasharray="6 4"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      )}
      {markers.map(({ city, kind }) => {
        const point = project(city);
        if (!point) return null;
        const r = 5 / scale;
        return (
          <g key={`${kind}-${city.id}`} transform={`translate(${point[0]} ${point[1]})`}>
            <title>{`${city.name}, ${city.country}`}</title>
            <circle
              r={r * 2}
              className={`${markerColour[kind]} origin-center opacity-40 [transform-box:fill-box] motion-safe:animate-ping`}
            />
            <circle
              r={r}
              className={`${markerColour[kind]} stroke-background`}
              strokeWidth={1.5}
              vectorEffect="non-scaling-stroke"
            />
          </g>
        );
      })}
    </svg>
  );
}
