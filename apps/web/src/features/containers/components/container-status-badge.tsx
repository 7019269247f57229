import type { ContainerStatus } from '@nuvem/contracts/containers';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const variants = {
  running: 'success',
  stopped: 'secondary',
  starting: 'warning',
  stopping: 'warning',
  error: 'destructive',
} as const satisfies Record<ContainerStatus, string>;

/** Spec: running, stopped, starting, stopping, error (the contract admits no other status). */
export function ContainerStatusBadge({ status, reason }: { status: ContainerStatus; reason?: string | null }) {
  const { t } = useTranslation('containers');
  const variant = variants[status];
  return (
    <Badge variant={variant} title={reason ?? undefined} data-status={status}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {t(`status.${status}`)}
    </Badge>
  );
}
