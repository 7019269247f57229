import { Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** A loading indicator; `label` says what is loading (else 'Loading…' in the language in use). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <Loader2Icon aria-hidden="true" className="size-8 animate-spin text-primary motion-reduce:animate-none" />
      <span className="sr-only">{label ?? t('status.loading')}</span>
    </div>
  );
}
