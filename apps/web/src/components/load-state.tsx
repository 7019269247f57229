import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * The loading and load-failed states the web app shows wherever a query's data is not there yet.
 * Each caller passes its own words (from its message catalogue); the shapes, roles and the retry
 * button are the same everywhere.
 */

export interface LoadingSkeletonsProps {
  /** What is loading: the busy region's accessible name ('Loading API keys'). */
  label: string;
  /** One skeleton block per entry, each entry its size classes ('h-28 w-full'). */
  blocks?: readonly string[];
  /** The region's layout (default: a column of blocks, gap-3). */
  className?: string;
  /** Other placeholders than plain blocks (e.g. skeleton cards); replaces `blocks`. */
  children?: ReactNode;
  /**
   * Say `label` once as a polite status (`role="status"`, the words read but not shown) instead of
   * marking the region busy and naming it.
   */
  announce?: boolean;
}

/** Placeholders while a list or panel loads: a busy region named by `label` (or a status that says it). */
export function LoadingSkeletons({ label, blocks = [], className, children, announce = false }: LoadingSkeletonsProps) {
  const placeholders = children ?? blocks.map((block, index) => <Skeleton key={index} className={block} />);
  const layout = cn('flex flex-col gap-3', className);
  if (announce) {
    return (
      <div role="status" className={layout}>
        <span className="sr-only">{label}</span>
        {placeholders}
      </div>
    );
  }
  return (
    <div aria-busy="true" aria-label={label} className={layout}>
      {placeholders}
    </div>
  );
}

/** A one-line loading message announced politely (`role="status"`). */
export function LoadingText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={cn('text-sm text-muted-foreground', className)}>
      {children}
    </p>
  );
}

/**
 * Where the failure shows:
 * - `card`: a card of its own, the message and the button on one row (a panel's whole body);
 * - `inline`: inside an existing card's content, the button under the message;
 * - `banner`: a tinted strip above content that is still shown (a list that failed to refresh).
 */
export type LoadErrorLayout = 'card' | 'inline' | 'banner';

export interface LoadErrorProps {
  /** Why it failed, in the caller's words ('The keys could not be loaded: …'). */
  message: ReactNode;
  onRetry: () => void;
  /** A retry is in flight: the button is disabled until it answers. */
  retrying?: boolean;
  /** The button's text (default: the common 'Try again'). */
  retryLabel?: string;
  layout?: LoadErrorLayout;
  className?: string;
}

/** A load failure, announced as an alert, with a button that tries again. */
export function LoadError({ message, onRetry, retrying, retryLabel, layout = 'card', className }: LoadErrorProps) {
  const { t } = useTranslation('common');
  const retry = (
    <Button variant="outline" size="sm" disabled={retrying || undefined} onClick={onRetry}>
      {retryLabel ?? t('actions.retry')}
    </Button>
  );
  if (layout === 'card') {
    return (
      <Card role="alert" className={cn('flex flex-wrap items-center justify-between gap-3 p-4 text-sm', className)}>
        <span>{message}</span>
        {retry}
      </Card>
    );
  }
  return (
    <div
      role="alert"
      className={cn(
        layout === 'inline'
          ? 'grid justify-items-start gap-2 text-sm'
          : 'flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm',
        className,
      )}
    >
      <p>{message}</p>
      {retry}
    </div>
  );
}

export interface EmptyStateProps {
  /** A lucide icon component, drawn decoratively. */
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  children: ReactNode;
  /**
   * A call to action ('Create Application'): the state is then an invitation, with the icon in a
   * circle, a larger title and the action under the text.
   */
  action?: ReactNode;
  /** The text's width limit (default 'max-w-md'). */
  textClassName?: string;
}

/** What a list or panel shows when there is nothing in it yet, as a card: an icon, a title, a sentence. */
export function EmptyState({ icon: Icon, title, children, action, textClassName = 'max-w-md' }: EmptyStateProps) {
  if (action) {
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-glass-strong">
          <Icon aria-hidden="true" className="size-6 text-primary" />
        </span>
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className={cn('text-sm text-muted-foreground', textClassName)}>{children}</p>
        {action}
      </Card>
    );
  }
  return (
    <Card className="flex flex-col items-center gap-2 p-8 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <h3 className="font-semibold">{title}</h3>
      <p className={cn('text-sm text-muted-foreground', textClassName)}>{children}</p>
    </Card>
  );
}
