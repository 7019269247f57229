import { useId, type ReactNode } from 'react';
import { LoadError } from '@/components/load-state';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';

/** A titled glass section of the settings page, with what it is for beneath the title. */
export function SettingsPanel({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  /** Beside the title (Export CSV); wraps under it on a phone. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('glass flex min-w-0 flex-col gap-4 rounded-xl p-4 sm:p-6', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={id} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** What failed to load, in the page's words, with the server's reason beneath when it gives one. */
export function SettingsLoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const reason = errorMessage(error, '');
  return (
    <LoadError
      layout="banner"
      onRetry={onRetry}
      retrying={retrying}
      message={
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <strong className="font-semibold">{title}</strong>
          {reason && reason !== title && <span className="text-muted-foreground">{reason}</span>}
        </span>
      }
    />
  );
}

/** A refusal said where it happened (above a table, inside a dialog, under a form). */
export function InlineAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={cn('rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm', className)}
    >
      {children}
    </p>
  );
}
