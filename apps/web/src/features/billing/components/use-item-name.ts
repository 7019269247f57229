import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { itemName, type ItemCodes, type ItemWords } from '../lib/item-name';

/** Names an order's item in the page's language (`itemName` with the billing catalogue). */
export function useItemName(): (order: ItemCodes) => string {
  const { t } = useTranslation('billing', { keyPrefix: 'items' });
  return useCallback(
    (order: ItemCodes) => {
      const words: ItemWords = {
        plan: (plan, period) => t('plan', { plan, period: t(`period.${period}`) }),
        renewal: (item) => t('renewal', { item }),
        addon: (type) => t(`addon.${type}`),
        pack: (addon, pack, amount) => t('pack', { addon, pack, amount }),
        quantity: (addon, amount) => t('quantity', { addon, amount }),
        amount: (type, n) => (type === 'tokens' ? t('tokens', { n }) : t('hours', { n })),
      };
      return itemName(order, words);
    },
    [t],
  );
}
