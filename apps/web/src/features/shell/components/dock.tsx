import { ChevronLeftIcon, ChevronRightIcon, type LucideIcon } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export interface DockItem {
  name: string;
  icon: LucideIcon;
}

export interface DockProps {
  items: readonly DockItem[];
  activeIndex: number;
  /** Spec 1, "Dock": what a click does is chosen by the parent, by icon index. */
  onSelect: (index: number) => void;
}

export const DOCK_SCROLL_STEP = 200;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The row of app icons at the bottom of the desktop; shown to signed-in users only (app decides). */
export function Dock({ items, activeIndex, onSelect }: DockProps) {
  const { t } = useTranslation('shell');
  const [edges, setEdges] = useState({ left: false, right: false });
  const [focusIndex, setFocusIndex] = useState(activeIndex);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // A callback ref: measures the row when it mounts, when it or its content resizes, and on scroll,
  // so each arrow shows only when there is something to scroll that way.
  const row = useRef<HTMLDivElement | null>(null);
  const rowRef = useCallback((node: HTMLDivElement | null) => {
    row.current = node;
    if (!node) return;
    const element = node;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((previous) => (previous.left === left && previous.right === right ? previous : { left, right }));
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    // Also when the row's own size or content changes without a window resize (fonts, sidebar).
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    for (const child of Array.from(element.children)) observer?.observe(child);
    return () => {
      element.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);

  const scrollRow = (direction: -1 | 1) => {
    row.current?.scrollBy({
      left: direction * DOCK_SCROLL_STEP,
      behavior: prefersReducedMotion() ? 'instant' : 'smooth',
    });
  };

  const moveFocus = (index: number) => {
    const next = (index + items.length) % items.length;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => moveFocus(focusIndex + 1),
      ArrowDown: () => moveFocus(focusIndex + 1),
      ArrowLeft: () => moveFocus(focusIndex - 1),
      ArrowUp: () => moveFocus(focusIndex - 1),
      Home: () => moveFocus(0),
      End: () => moveFocus(items.length - 1),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <Tooltip.Provider delayDuration={300}>
      <nav aria-label={t('dock.label')} className="pointer-events-none flex justify-center px-2 pb-2 sm:pb-3">
        <div className="glass-strong pointer-events-auto relative flex max-w-full items-center rounded-2xl px-1 shadow-lg">
          {edges.left && (
            <ArrowButton
              label={t('dock.scrollLeft')}
              side="left"
              onClick={() => scrollRow(-1)}
              icon={ChevronLeftIcon}
            />
          )}
          <div
            ref={rowRef}
            role="toolbar"
            aria-label={t('dock.apps')}
            aria-orientation="horizontal"
            onKeyDown={onKeyDown}
            className="flex min-w-0 snap-x items-center gap-1 overflow-x-auto scroll-smooth px-1 py-2 [scrollbar-width:none] motion-reduce:scroll-auto sm:gap-2 [&::-webkit-scrollbar]:hidden"
          >
            {items.map((item, index) => {
              const Icon = item.icon;
              const active = index === activeIndex;
              return (
                <div key={item.name} className="snap-start">
                  <Tooltip.Root>
                    <Tooltip.Trigger asChild>
                      <button
                        ref={(node) => {
                          buttons.current[index] = node;
                        }}
                        type="button"
                        aria-label={item.name}
                        aria-current={active ? 'page' : undefined}
                        tabIndex={index === focusIndex ? 0 : -1}
                        onFocus={() => setFocusIndex(index)}
                        onClick={() => onSelect(index)}
                        className={cn(
                          'relative flex size-11 cursor-pointer items-center justify-center rounded-xl transition-transform hover:-translate-y-1 hover:bg-glass-strong motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:size-12',
                          active && 'bg-glass-strong',
                        )}
                      >
                        <Icon
                          aria-hidden="true"
                          className={cn('size-6', active ? 'text-primary' : 'text-foreground')}
                        />
                        <span
                          aria-hidden="true"
                          data-testid={active ? 'dock-active-marker' : undefined}
                          className={cn(
                            'absolute -bottom-1 size-1.5 rounded-full bg-primary',
                            active ? 'opacity-100' : 'opacity-0',
                          )}
                        />
                      </button>
                    </Tooltip.Trigger>
                    <Tooltip.Portal>
                      <Tooltip.Content
                        side="top"
                        sideOffset={8}
                        className="z-50 rounded-md bg-popover px-2 py-1 text-xs text-popover-foreground shadow"
                      >
                        {item.name}
                      </Tooltip.Content>
                    </Tooltip.Portal>
                  </Tooltip.Root>
                </div>
              );
            })}
          </div>
          {edges.right && (
            <ArrowButton
              label={t('dock.scrollRight')}
              side="right"
              onClick={() => scrollRow(1)}
              icon={ChevronRightIcon}
            />
          )}
        </div>
      </nav>
    </Tooltip.Provider>
  );
}

function ArrowButton({
  label,
  side,
  icon: Icon,
  onClick,
}: {
  label: string;
  side: 'left' | 'right';
  icon: LucideIcon;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        // Over the row's edge, so showing or hiding it never moves the icons.
        'absolute top-1/2 z-10 flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-popover shadow hover:bg-glass-strong',
        side === 'left' ? '-left-3' : '-right-3',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
