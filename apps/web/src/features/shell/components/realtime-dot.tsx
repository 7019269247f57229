import { useTranslation } from 'react-i18next';
import { useRealtime } from '@/lib/realtime';

/** A dot in the header while the live-update stream is down (it reconnects by itself). */
export function RealtimeDot() {
  const { t } = useTranslation('shell');
  const status = useRealtime();
  if (status !== 'down') return null;
  const label = t('realtime.down');
  return (
    <span role="status" title={label} className="flex size-9 items-center justify-center">
      <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-amber-500" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
