import { Loader2Icon } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-8', className)}>
      <Loader2Icon aria-hidden="true" className="size-8 animate-spin text-primary motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
