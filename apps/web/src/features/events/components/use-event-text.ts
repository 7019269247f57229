import type { EventListItem } from '@nuvem/contracts/events';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { browserLanguages } from '@/lib/server-request';
import {
  categoryLabel,
  eventDateText,
  isKnownCategory,
  locationText,
  momentText,
  moneyText,
  priceText,
  regionalLocale,
} from '../lib/event-display';

/** The card rules of the spec, bound to the language in use (texts follow the header's switch). */
export function useEventText() {
  const { t } = useTranslation('events');
  const format = useFormat();
  const { locale } = format;
  // Dates and times in the visitor's regional variant of the language (en-GB: 24-hour clock).
  const dateLocale = regionalLocale(locale, browserLanguages());
  return {
    count: format.count,
    /** A seeded category by its catalogue name; any other by the spec's rule. */
    category: (slug: string) => (isKnownCategory(slug) ? t(`categories.${slug}`) : categoryLabel(slug)),
    price: (pricing: EventListItem['pricing']) =>
      priceText(pricing, { free: t('card.free'), tbd: t('card.priceTbd') }, locale),
    /** A ticket's price: 'FREE' at 0. */
    ticketPrice: (amount: number, currency: string) =>
      amount === 0 ? t('tickets.free') : moneyText(amount, currency, locale),
    location: (location: EventListItem['location']) =>
      locationText(location, { online: t('card.onlineEvent'), tba: t('card.tba') }),
    /** The date line; with `zone`, the time zone is named after the time (event page, quick view). */
    date: (start: string, end: string | null, { zone = false }: { zone?: boolean } = {}) =>
      eventDateText(start, end, { locale: dateLocale, zone }),
    /** A schedule item's date and time, as the card writes them, with the time zone. */
    moment: (value: string) => momentText(value, { locale: dateLocale, zone: true }),
  };
}
