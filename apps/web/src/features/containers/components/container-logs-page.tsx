import { CONTAINER_LOG_LINES } from '@nuvem/contracts/containers';
import { DownloadIcon, MaximizeIcon, MinimizeIcon, RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useContainer } from '../api/get-container';
import { useContainerLogs } from '../api/get-container-logs';
import { ContainerStatusBadge } from './container-status-badge';

/** The Lines select's choices (spec default 100). */
export const LOG_LINE_CHOICES = [CONTAINER_LOG_LINES, 500, 1000] as const;
/** With Follow on, the lines are fetched again this often. */
export const LOG_FOLLOW_MS = 2_000;
/** Within this many pixels of the end counts as "at the bottom" (Follow keeps it there). */
const BOTTOM_SLACK_PX = 24;

function subscribeFullscreen(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => Boolean(document.fullscreenElement);

/** Saves the lines as `<name>.log` through a Blob and a transient link. */
function downloadLines(name: string, lines: readonly string[]) {
  const url = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.log`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The full-page logs of one container, opened in a new tab from the dashboard. */
export function ContainerLogsPage({ id }: { id: string }) {
  const { t } = useTranslation('containers');
  const f = useFormat();
  const [lines, setLines] = useState<number>(CONTAINER_LOG_LINES);
  const [follow, setFollow] = useState(false);
  const [wrap, setWrap] = useState(false);
  // Whether the view sits at the end of the log; Follow only scrolls then (the user scrolled up otherwise).
  const [atBottom, setAtBottom] = useState(true);

  const container = useContainer(id);
  const logs = useContainerLogs(id, lines, follow ? LOG_FOLLOW_MS : undefined);
  const pageRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const fullscreen = useSyncExternalStore(subscribeFullscreen, isFullscreen, () => false);
  const linesId = useId();
  const followId = useId();
  const wrapId = useId();

  const name = container.data?.name ?? id;
  const data = logs.data;

  useEffect(() => {
    if (!container.data) return;
    const previous = document.title;
    document.title = t('logs.pageTitle', { name: container.data.name });
    return () => {
      document.title = previous;
    };
  }, [container.data, t]);

  // Keeps the newest line in view as lines arrive, unless the user has scrolled up to read.
  useLayoutEffect(() => {
    const el = logRef.current;
    if (el && atBottom) el.scrollTop = el.scrollHeight;
  }, [data, atBottom, wrap]);

  const notFound = [container.error, logs.error].some((e) => e instanceof ApiError && e.status === 404);
  if (notFound) {
    return (
      <main className="flex flex-1 items-center justify-center p-4">
        <div className="glass flex max-w-md flex-col items-center gap-4 rounded-xl p-8 text-center">
          <h1 className="text-2xl font-bold">{t('logs.notFound')}</h1>
          <p className="text-muted-foreground">{t('logs.notFoundText')}</p>
          <Button asChild variant="outline">
            <Link to={paths.home.getHref()}>{t('logs.home')}</Link>
          </Button>
        </div>
      </main>
    );
  }

  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await (pageRef.current ?? document.documentElement).requestFullscreen();
    } catch (error) {
      // The browser may refuse (no Fullscreen API, an iframe without permission): only logged.
      console.warn('Fullscreen toggle failed', error);
    }
  };

  const onScroll = () => {
    const el = logRef.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX;
    if (bottom !== atBottom) setAtBottom(bottom);
  };

  const retry = () => {
    if (container.isError) void container.refetch();
    void logs.refetch();
  };

  return (
    <main className="mx-auto flex w-full max-w-7xl flex-1 flex-col px-2 py-4 sm:px-6 sm:py-6">
      <div
        ref={pageRef}
        className="flex min-h-0 flex-1 flex-col gap-4 [&:fullscreen]:bg-background [&:fullscreen]:p-4 sm:[&:fullscreen]:p-6"
      >
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <div className="flex min-w-0 flex-col">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('logs.eyebrow')}</p>
            {container.isPending ? (
              <Skeleton className="mt-1 h-8 w-48" />
            ) : (
              <h1 className="truncate text-2xl font-bold">{name}</h1>
            )}
          </div>
          {container.data && (
            <ContainerStatusBadge status={container.data.status} reason={container.data.status_reason} />
          )}
        </header>

        <div
          role="toolbar"
          aria-label={t('logs.controls')}
          className="glass flex flex-wrap items-center gap-3 rounded-xl p-3"
        >
          <div className="flex items-center gap-2">
            <Label htmlFor={linesId}>{t('logs.lines')}</Label>
            <Select value={String(lines)} onValueChange={(value) => setLines(Number(value))}>
              <SelectTrigger id={linesId} className="w-24">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LOG_LINE_CHOICES.map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    {f.count(n)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              id={followId}
              checked={follow}
              onCheckedChange={(on) => {
                setFollow(on);
                if (on) setAtBottom(true);
              }}
            />
            <Label htmlFor={followId}>{t('logs.follow')}</Label>
          </div>
          <div className="flex items-center gap-2">
            <Switch id={wrapId} checked={wrap} onCheckedChange={setWrap} />
            <Label htmlFor={wrapId}>{t('logs.wrap')}</Label>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
              <RefreshCwIcon
                aria-hidden="true"
                className={cn(logs.isFetching && !follow && 'animate-spin motion-reduce:animate-none')}
              />
              {t('logs.refresh')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!data || data.length === 0}
              onClick={() => data && downloadLines(name, data)}
            >
              <DownloadIcon aria-hidden="true" />
              {t('logs.download')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void toggleFullscreen()}>
              {fullscreen ? <MinimizeIcon aria-hidden="true" /> : <MaximizeIcon aria-hidden="true" />}
              {fullscreen ? t('logs.exitFullscreen') : t('logs.fullscreen')}
            </Button>
          </div>
        </div>

        {logs.isError && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
          >
            <TriangleAlertIcon aria-hidden="true" className="size-4 shrink-0 text-destructive" />
            <p className="flex-1">
              {data
                ? t('logs.refreshFailed', { reason: logs.error.message })
                : t('logs.loadFailed', { reason: logs.error.message })}
            </p>
            <Button size="sm" variant="outline" onClick={retry}>
              {t('logs.retry')}
            </Button>
          </div>
        )}

        <div className="relative flex min-h-0 flex-1 flex-col">
          <div
            ref={logRef}
            role="log"
            aria-label={t('logs.region')}
            aria-busy={logs.isPending || undefined}
            tabIndex={0}
            onScroll={onScroll}
            className="glass h-[70dvh] min-h-64 flex-1 overflow-auto rounded-xl bg-black/40 p-3 font-mono text-xs leading-5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [:fullscreen_&]:h-auto"
          >
            {logs.isPending ? (
              <div className="flex flex-col gap-2" aria-hidden="true">
                {Array.from({ length: 12 }, (_, i) => (
                  <Skeleton key={i} className="h-3" style={{ width: `${40 + ((i * 37) % 55)}%` }} />
                ))}
              </div>
            ) : data && data.length > 0 ? (
              <ol className={cn(!wrap && 'min-w-max')}>
                {data.map((line, i) => (
                  <li key={i} className={cn('flex gap-4', wrap && 'min-w-0')}>
                    <span
                      aria-hidden="true"
                      className="w-10 shrink-0 text-right text-muted-foreground/70 tabular-nums select-none"
                    >
                      {i + 1}
                    </span>
                    <span className={cn(wrap ? 'break-all whitespace-pre-wrap' : 'whitespace-pre')}>{line}</span>
                  </li>
                ))}
              </ol>
            ) : data ? (
              <p className="py-8 text-center font-sans text-sm text-muted-foreground">{t('logs.empty')}</p>
            ) : null}
          </div>
          {logs.isPending && (
            <span role="status" className="sr-only">
              {t('logs.loading')}
            </span>
          )}
          {follow && !atBottom && (
            <Button size="sm" className="absolute right-4 bottom-4 shadow-lg" onClick={() => setAtBottom(true)}>
              {t('logs.jumpToLatest')}
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}
