import { ArrowDownIcon, CalendarCheckIcon, ImagesIcon, PawPrintIcon, StarIcon, UsersIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { CabinHeroScene, PhotoScene } from '@/features/cabin/components/cabin-scene';
import { cabinFacts } from '@/features/cabin/lib/cabin-facts';
import { cabinPhotos } from '@/features/cabin/lib/cabin-photos';
import { useFormat } from '@/lib/format';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The MistHaven cabin page (desktop slot 5): static marketing content; nothing can be booked. */
export function CabinPage() {
  const { t } = useTranslation('cabin');
  const f = useFormat();
  const photosHeading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const ids = { title: `${id}-title`, details: `${id}-details`, price: `${id}-price`, photos: `${id}-photos` };

  function explorePhotos() {
    const heading = photosHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  }

  const name = t('name');
  const details = [
    { key: 'checkIn', icon: CalendarCheckIcon, term: t('details.checkIn'), value: t('details.checkInValue') },
    { key: 'checkOut', icon: CalendarCheckIcon, term: t('details.checkOut'), value: t('details.checkOutValue') },
    {
      key: 'guests',
      icon: UsersIcon,
      term: t('details.guests'),
      value: t('details.guestsValue', { min: f.count(cabinFacts.guests.min), max: f.count(cabinFacts.guests.max) }),
    },
    { key: 'pets', icon: PawPrintIcon, term: t('details.petFriendly'), value: t('details.yes') },
  ];

  return (
    <article
      aria-labelledby={ids.title}
      className="@container h-full min-h-0 w-full flex-1 overflow-y-auto motion-safe:scroll-smooth"
    >
      <div className="mx-auto grid max-w-6xl gap-6 p-4 sm:p-6">
        <header className="glass relative isolate overflow-hidden rounded-xl">
          <CabinHeroScene className="absolute inset-0 -z-10 opacity-70" />
          <div className="grid gap-3 bg-linear-to-t from-background/85 via-background/40 to-transparent p-5 pt-24 @xl:p-8 @xl:pt-36">
            <Badge variant="secondary" className="justify-self-start">
              {t('badge')}
            </Badge>
            <h2 id={ids.title} className="text-3xl font-semibold tracking-tight @xl:text-5xl">
              {name}
            </h2>
            <p className="text-lg text-foreground/90">{t('tagline')}</p>
            <div className="flex flex-wrap gap-2 pt-1">
              <Dialog>
                <DialogTrigger asChild>
                  <Button size="lg">{t('reserve')}</Button>
                </DialogTrigger>
                <DialogContent>
                  <DialogHeader>
                    <DialogTitle>{t('demo.title')}</DialogTitle>
                    <DialogDescription>{t('demo.description', { name })}</DialogDescription>
                  </DialogHeader>
                  <DialogFooter>
                    <DialogClose asChild>
                      <Button>{t('demo.ok')}</Button>
                    </DialogClose>
                  </DialogFooter>
                </DialogContent>
              </Dialog>
              <Button size="lg" variant="outline" onClick={explorePhotos}>
                <ArrowDownIcon aria-hidden="true" />
                {t('explore')}
              </Button>
            </div>
          </div>
        </header>

        <div className="grid gap-6 @3xl:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby={ids.details} className="glass grid content-start gap-4 rounded-xl p-5">
            <div>
              <h3 id={ids.details} className="text-xl font-semibold">
                {t('about.heading')}
              </h3>
              <p className="mt-1 text-muted-foreground">
                {t('about.text', { kind: t('about.kind', { count: cabinFacts.bedrooms }) })}
              </p>
            </div>
            <dl className="grid gap-3 @md:grid-cols-2">
              {details.map(({ key, icon: Icon, term, value }) => (
                <div key={key} className="rounded-lg bg-glass p-3">
                  <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                    <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    {term}
                  </dt>
                  <dd className="mt-1 pl-7 font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section aria-labelledby={ids.price} className="glass-strong grid content-start gap-3 rounded-xl p-5">
            <h3 id={ids.price} className="sr-only">
              {t('price.heading')}
            </h3>
            <p>
              <span className="text-3xl font-semibold">
                {f.currency(cabinFacts.pricePerNight, cabinFacts.currency)}
              </span>{' '}
              <span className="text-muted-foreground">{t('price.perNight')}</span>
            </p>
            <p className="text-sm text-muted-foreground">{t('price.taxes')}</p>
            <p className="flex items-center gap-2">
              <StarIcon aria-hidden="true" className="size-4 fill-warning text-warning" />
              <span>
                {t('price.rating', { rating: f.fixed(cabinFacts.rating, 1), stays: f.count(cabinFacts.stays) })}
              </span>
            </p>
            <p className="text-sm text-success">{t('price.directBooking')}</p>
          </section>
        </div>

        <section aria-labelledby={ids.photos} className="grid gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3
              id={ids.photos}
              ref={photosHeading}
              tabIndex={-1}
              className="scroll-mt-4 text-xl font-semibold focus-visible:outline-none"
            >
              {t('photos.heading')}
            </h3>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <ImagesIcon aria-hidden="true" className="size-4" />
              {t('photos.count', { count: cabinFacts.photoCount })}
            </p>
          </div>
          <ul className="grid grid-cols-2 gap-3 @md:grid-cols-3 @2xl:grid-cols-4 @4xl:grid-cols-6">
            {cabinPhotos.map((photo) => (
              <li key={photo.index} className="overflow-hidden rounded-lg border border-glass-border">
                <figure>
                  <div
                    role="img"
                    aria-label={t('photos.label', {
                      index: f.count(photo.index),
                      total: f.count(cabinPhotos.length),
                      caption: t(`photos.captions.${photo.caption}`),
                    })}
                    className="aspect-[4/3]"
                  >
                    <PhotoScene photo={photo} />
                  </div>
                  <figcaption aria-hidden="true" className="truncate px-2 py-1.5 text-xs text-muted-foreground">
                    {t(`photos.captions.${photo.caption}`)}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}
