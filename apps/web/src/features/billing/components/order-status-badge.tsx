import type { Order } from '@nuvem/contracts/billing';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const variants = { pending: 'warning', paid: 'success', failed: 'destructive', expired: 'secondary' } as const;

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  const { t } = useTranslation('billing');
  return <Badge variant={variants[status]}>{t(`orderStatus.${status}`)}</Badge>;
}
