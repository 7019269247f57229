import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * An event's cover, loaded lazily; without one (or when it cannot be loaded) a placeholder icon.
 * Decorative: the title next to it says what the event is.
 */
export function EventCover({
  src,
  className,
  eager = false,
}: {
  src: string | null;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : null;
  return (
    <div className={cn('relative overflow-hidden bg-glass-strong', className)}>
      {shown ? (
        <img
          src={shown}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(shown)}
        />
      ) : (
        <div data-testid="event-cover-placeholder" className="flex size-full items-center justify-center">
          <ImageIcon aria-hidden="true" className="size-10 text-muted-foreground" />
        </div>
      )}
    </div>
  );
}
