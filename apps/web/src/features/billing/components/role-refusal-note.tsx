import { LockIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Said where buy, change or edit buttons would be when the role in this organisation lacks billing:manage. */
export function RoleRefusalNote({ text, className }: { text: string; className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-glass-border bg-glass-strong p-3 text-left text-sm',
        className,
      )}
    >
      <LockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1">{text}</span>
    </p>
  );
}
