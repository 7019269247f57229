import type { EventListItem } from '@nuvem/contracts/events';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { categoryLabel, eventDateText, locationText, moneyText, priceText } from '../lib/event-display';

/** The card rules of the spec, bound to the language in use (texts follow the header's switch). */
export function useEventText() {
  const { t } = useTranslation('events');
  const format = useFormat();
  const { locale } = format;
  return {
    count: format.count,
    dateTime: format.dateTime,
    category: categoryLabel,
    price: (pricing: EventListItem['pricing']) =>
      priceText(pricing, { free: t('card.free'), tbd: t('card.priceTbd') }, locale),
    /** A ticket's price: 'FREE' at 0. */
    ticketPrice: (amount: number, currency: string) =>
      amount === 0 ? t('tickets.free') : moneyText(amount, currency, locale),
    location: (location: EventListItem['location']) =>
      locationText(location, { online: t('card.onlineEvent'), tba: t('card.tba') }),
    date: (start: string, end: string | null) => eventDateText(start, end, { locale }),
  };
}
