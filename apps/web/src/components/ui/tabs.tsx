import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { useCallback, useState, type ComponentProps, type Ref, type RefCallback } from 'react';
import { cn } from '@/lib/utils';

/** `min-w-0`: in a flex column the tabs never widen the page; a long tab list scrolls instead. */
export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cn('min-w-0', className)} {...props} />;
}

/** Room kept beside the active tab when it is scrolled into view, so the fade does not cover it. */
const EDGE_ROOM = 40;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls the list sideways (only the list, never the page) so the active tab is fully in view. */
function revealActiveTab(list: HTMLElement, behavior: ScrollBehavior) {
  if (list.scrollWidth <= list.clientWidth) return;
  const tab = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
  if (!tab) return;
  const listBox = list.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  const start = tabBox.left - listBox.left + list.scrollLeft;
  const end = start + tabBox.width;
  let left: number | null = null;
  if (start - EDGE_ROOM < list.scrollLeft) left = Math.max(0, start - EDGE_ROOM);
  else if (end + EDGE_ROOM > list.scrollLeft + list.clientWidth) left = end + EDGE_ROOM - list.clientWidth;
  if (left === null) return;
  if (typeof list.scrollTo === 'function') list.scrollTo({ left, behavior });
  else list.scrollLeft = left;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * The row of tabs. On a narrow screen it scrolls sideways: a fade with an arrow on each side that
 * has more tabs says so (a cut-off 'Analyt…' alone does not), and the active tab is scrolled into
 * view when it changes, whether by a click, the arrow keys or the page.
 */
export function TabsList({ className, ref, children, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const [edges, setEdges] = useState({ start: false, end: false });

  const listRef: RefCallback<HTMLDivElement> = useCallback(
    (node: HTMLDivElement | null) => {
      assignRef(ref, node);
      if (!node) return;
      const list = node;
      const measure = () => {
        const start = list.scrollLeft > 1;
        const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
        setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
      };
      revealActiveTab(list, 'instant');
      measure();
      list.addEventListener('scroll', measure, { passive: true });
      window.addEventListener('resize', measure);
      const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
      resizes?.observe(list);
      // Radix marks the active tab with data-state: follow it, and tabs added or removed.
      const changes = new MutationObserver(() => {
        revealActiveTab(list, prefersReducedMotion() ? 'instant' : 'smooth');
        measure();
      });
      changes.observe(list, { subtree: true, childList: true, attributeFilter: ['data-state'] });
      return () => {
        assignRef(ref, null);
        list.removeEventListener('scroll', measure);
        window.removeEventListener('resize', measure);
        resizes?.disconnect();
        changes.disconnect();
      };
    },
    [ref],
  );

  return (
    <div className="relative inline-flex max-w-full min-w-0 align-top">
      <TabsPrimitive.List
        ref={listRef}
        data-overflow-start={edges.start || undefined}
        data-overflow-end={edges.end || undefined}
        className={cn(
          'glass inline-flex h-10 max-w-full items-center gap-1 overflow-x-auto overscroll-x-contain rounded-lg p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          className,
        )}
        {...props}
      >
        {children}
      </TabsPrimitive.List>
      <ScrollHint side="start" visible={edges.start} />
      <ScrollHint side="end" visible={edges.end} />
    </div>
  );
}

/** The edge of a list that scrolls on: a fade into the page with an arrow, over the cut-off tab. */
function ScrollHint({ side, visible }: { side: 'start' | 'end'; visible: boolean }) {
  const Icon = side === 'start' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <span
      aria-hidden="true"
      data-testid={`tabs-scroll-hint-${side}`}
      data-visible={visible}
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-10 items-center from-background via-background/80 to-transparent text-muted-foreground transition-opacity motion-reduce:transition-none',
        side === 'start'
          ? 'left-0 justify-start rounded-l-lg bg-gradient-to-r pl-0.5'
          : 'right-0 justify-end rounded-r-lg bg-gradient-to-l pr-0.5',
        visible ? 'opacity-100' : 'opacity-0',
      )}
    >
      <Icon className="size-4" />
    </span>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-glass-strong data-[state=active]:text-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
}
