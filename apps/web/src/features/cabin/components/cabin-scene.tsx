import { useId } from 'react';
import type { CabinPhoto } from '@/features/cabin/lib/cabin-photos';
import { cn } from '@/lib/utils';

/** The hero illustration: a cabin under misty ridges. Decorative; the page's text says it all. */
export function CabinHeroScene({ className }: { className?: string }) {
  // useId's punctuation is not safe inside url(#…) everywhere.
  const id = useId().replace(/[^\w-]/g, '');
  const skyId = `${id}-sky`;
  const mistId = `${id}-mist`;
  return (
    <svg
      viewBox="0 0 800 300"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className={cn('block size-full', className)}
    >
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="oklch(0.32 0.06 255)" />
          <stop offset="1" stopColor="oklch(0.62 0.06 230)" />
        </linearGradient>
        <linearGradient id={mistId} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="white" stopOpacity="0" />
          <stop offset="0.5" stopColor="white" stopOpacity="0.45" />
          <stop offset="1" stopColor="white" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="800" height="300" fill={`url(#${skyId})`} />
      <circle cx="640" cy="70" r="26" fill="oklch(0.95 0.05 90)" opacity="0.85" />
      <path
        d="M0 190 L120 100 L220 170 L340 80 L470 175 L590 95 L800 200 L800 300 L0 300 Z"
        fill="oklch(0.4 0.05 250)"
      />
      <rect x="-200" y="150" width="1200" height="46" fill={`url(#${mistId})`} className="motion-safe:animate-pulse" />
      <path
        d="M0 235 L90 180 L200 230 L330 170 L460 225 L600 175 L800 240 L800 300 L0 300 Z"
        fill="oklch(0.3 0.06 160)"
      />
      {[40, 90, 700, 750].map((x) => (
        <path key={x} d={`M${x} 268 L${x + 18} 215 L${x + 36} 268 Z`} fill="oklch(0.26 0.07 155)" />
      ))}
      <g transform="translate(360 205)">
        <path d="M-10 32 L40 -8 L90 32 Z" fill="oklch(0.35 0.08 40)" />
        <rect x="0" y="30" width="80" height="42" fill="oklch(0.48 0.09 50)" />
        <rect x="14" y="42" width="16" height="14" fill="oklch(0.88 0.12 85)" />
        <rect x="50" y="44" width="14" height="28" fill="oklch(0.3 0.06 40)" />
        <rect x="62" y="-2" width="8" height="20" fill="oklch(0.3 0.03 40)" />
      </g>
    </svg>
  );
}

const sceneShape: Record<CabinPhoto['scene'], string> = {
  mountains: 'M0 70 L25 35 L45 55 L70 25 L100 65 L100 100 L0 100 Z',
  forest: 'M5 100 L18 40 L31 100 Z M35 100 L50 30 L65 100 Z M68 100 L82 45 L96 100 Z',
  lake: 'M0 60 Q50 45 100 60 L100 100 L0 100 Z',
  interior: 'M15 100 L15 45 L50 20 L85 45 L85 100 Z',
};

/** A small drawn stand-in for one photo. */
export function PhotoScene({ photo }: { photo: CabinPhoto }) {
  const [sky, ground, accent] = photo.hues;
  return (
    <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" focusable="false" className="size-full">
      <rect width="100" height="100" fill={`oklch(0.55 0.08 ${sky})`} />
      <circle cx="78" cy="22" r="9" fill={`oklch(0.85 0.12 ${accent})`} opacity="0.8" />
      <path d={sceneShape[photo.scene]} fill={`oklch(0.36 0.07 ${ground})`} />
      <rect y="52" width="100" height="10" fill="white" opacity="0.15" />
    </svg>
  );
}
