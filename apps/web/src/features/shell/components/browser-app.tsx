import { BookmarkIcon, ExternalLinkIcon, GlobeIcon, PlusIcon, XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { useEcosystemApps } from '../api/get-ecosystem-apps';
import { browserTabLabel, toBrowserUrl } from '../lib/browser-address';
import { SlotHeader } from './slot-header';

interface BrowserTab {
  id: number;
  url: string | null;
}

const fixedBookmarks = [
  { name: 'Wikipedia', url: 'https://www.wikipedia.org/' },
  { name: 'MDN Web Docs', url: 'https://developer.mozilla.org/' },
  { name: 'GitHub', url: 'https://github.com/' },
] as const;

/** Opens a page outside the portal: most sites refuse to be framed (X-Frame-Options, CSP). */
function openPage(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Slot 4, the browser: address bar, tabs and bookmarks; pages open in new browser tabs. */
export function BrowserApp() {
  const { t } = useTranslation('shell');
  const [tabs, setTabs] = useState<BrowserTab[]>([{ id: 1, url: null }]);
  const [activeId, setActiveId] = useState(1);
  const [nextId, setNextId] = useState(2);
  const [address, setAddress] = useState('');
  const [showBookmarks, setShowBookmarks] = useState(false);
  const addressId = useId();
  const bookmarksId = useId();
  const noteId = useId();
  const active = tabs.find((tab) => tab.id === activeId) ?? tabs[0];

  const go = (url: string) => {
    setTabs((current) => current.map((tab) => (tab.id === active?.id ? { ...tab, url } : tab)));
    setAddress(url);
    openPage(url);
  };

  const switchTo = (tab: BrowserTab) => {
    setActiveId(tab.id);
    setAddress(tab.url ?? '');
  };

  const newTab = () => {
    setTabs((current) => [...current, { id: nextId, url: null }]);
    setActiveId(nextId);
    setNextId((id) => id + 1);
    setAddress('');
  };

  const closeTab = (id: number) => {
    const index = tabs.findIndex((tab) => tab.id === id);
    const rest = tabs.filter((tab) => tab.id !== id);
    if (rest.length === 0) {
      setTabs([{ id: nextId, url: null }]);
      setActiveId(nextId);
      setNextId((value) => value + 1);
      setAddress('');
      return;
    }
    setTabs(rest);
    if (id === activeId) {
      const neighbour = rest[Math.min(index, rest.length - 1)];
      if (neighbour) switchTo(neighbour);
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-4 px-4 py-8 sm:px-6">
      <SlotHeader title={t('apps.browser')} tagline={t('browser.tagline')} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={newTab}>
          <PlusIcon aria-hidden="true" />
          {t('browser.newTab')}
        </Button>
        <Button
          variant="outline"
          aria-expanded={showBookmarks}
          aria-controls={bookmarksId}
          onClick={() => setShowBookmarks((open) => !open)}
        >
          <BookmarkIcon aria-hidden="true" />
          {t('browser.bookmarks')}
        </Button>
      </div>
      <div id={bookmarksId}>{showBookmarks && <Bookmarks onOpen={go} />}</div>

      <div className="glass flex flex-1 flex-col overflow-hidden rounded-2xl">
        <ul aria-label={t('browser.tabs')} className="flex gap-1 overflow-x-auto border-b border-glass-border p-2">
          {tabs.map((tab) => {
            const label = browserTabLabel(tab.url) ?? (tab.url ? t('browser.searchTab') : t('browser.newTab'));
            const current = tab.id === active?.id;
            return (
              <li
                key={tab.id}
                className={cn('flex max-w-48 shrink-0 items-center rounded-lg', current && 'bg-glass-strong')}
              >
                <button
                  type="button"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => switchTo(tab)}
                  className="min-w-0 cursor-pointer truncate px-3 py-1.5 text-left text-sm"
                >
                  {label}
                </button>
                <button
                  type="button"
                  aria-label={t('browser.closeTab', { label })}
                  onClick={() => closeTab(tab.id)}
                  className="mr-1 cursor-pointer rounded p-1 text-muted-foreground hover:bg-glass-strong hover:text-foreground"
                >
                  <XIcon aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            );
          })}
        </ul>
        <form
          className="flex gap-2 border-b border-glass-border p-3"
          onSubmit={(event) => {
            event.preventDefault();
            const url = toBrowserUrl(address);
            if (url) go(url);
          }}
        >
          <label htmlFor={addressId} className="sr-only">
            {t('browser.address')}
          </label>
          <Input
            id={addressId}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder={t('browser.addressPlaceholder')}
            aria-describedby={noteId}
            autoComplete="off"
            inputMode="url"
          />
          <Button type="submit">{t('browser.go')}</Button>
        </form>
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
          <GlobeIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          {active?.url ? (
            <>
              <p className="max-w-full truncate font-medium">{active.url}</p>
              <Button variant="outline" onClick={() => active.url && openPage(active.url)}>
                <ExternalLinkIcon aria-hidden="true" />
                {t('browser.openAgain')}
              </Button>
            </>
          ) : (
            <p className="font-medium">{t('browser.empty')}</p>
          )}
          <p id={noteId} className="max-w-md text-sm text-muted-foreground">
            {t('browser.note')}
          </p>
        </div>
      </div>
    </section>
  );
}

function Bookmarks({ onOpen }: { onOpen: (url: string) => void }) {
  const { t } = useTranslation('shell');
  const apps = useEcosystemApps();
  const ecosystem = (apps.data?.apps ?? []).filter((app) => app.status === 'active');
  const bookmarks = [...ecosystem.map((app) => ({ name: app.name, url: app.url })), ...fixedBookmarks];
  return (
    <ul aria-label={t('browser.bookmarks')} className="glass grid gap-1 rounded-2xl p-2 sm:grid-cols-2 lg:grid-cols-3">
      {bookmarks.map((bookmark) => (
        <li key={bookmark.url}>
          <button
            type="button"
            onClick={() => onOpen(bookmark.url)}
            className="flex w-full cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-glass-strong"
          >
            <BookmarkIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="truncate">{bookmark.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
