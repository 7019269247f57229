import i18n, { type BackendModule } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { useEffect, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  languageCookieName,
  languages,
  languageStorageKey,
  supportedLanguage,
  type Language,
} from './languages';

type Tree = { [key: string]: string | Tree };

/**
 * Portuguese has a third plural category, 'many' (1 000 000, 2 000 000…), that English lacks; the
 * catalogues keep the same keys in both languages, so each '_other' message also serves as '_many'.
 */
function withManyPlurals(tree: Tree): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = typeof value === 'string' ? value : withManyPlurals(value);
    if (typeof value === 'string' && key.endsWith('_other')) {
      const many = `${key.slice(0, -'_other'.length)}_many`;
      if (!(many in tree)) out[many] = value;
    }
  }
  return out;
}

function setDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

type Catalogue = Record<string, unknown>;
type OtherLanguage = Exclude<Language, 'en'>;
type Loaders = Record<OtherLanguage, () => Promise<Catalogue>>;

let loaders: Partial<Loaders> = {};
const loading = new Map<Language, Promise<void>>();

/** Adds a language's whole catalogue (every namespace) to the one i18next instance. */
export function addLanguage(language: Language, catalogue: Catalogue): void {
  const tree = language === 'pt-PT' ? withManyPlurals(catalogue as Tree) : (catalogue as Tree);
  for (const [namespace, messages] of Object.entries(tree)) {
    i18n.addResourceBundle(language, namespace, messages, true, true);
  }
  loading.set(language, Promise.resolve());
}

/**
 * Fetches a language's catalogue once (English is always there). A failed fetch (offline) is
 * tried again by the next call; meanwhile the portal reads in English.
 */
export function loadLanguage(language: Language): Promise<void> {
  const known = loading.get(language);
  if (known) return known;
  const load = loaders[language as OtherLanguage];
  if (!load) return Promise.resolve();
  const pending = load().then(
    (catalogue) => addLanguage(language, catalogue),
    (error: unknown) => {
      loading.delete(language);
      throw error;
    },
  );
  loading.set(language, pending);
  return pending;
}

type NamespaceLoaders = Record<string, () => Promise<unknown>>;

/** Where the namespaces not bundled come from (see `initI18n`). */
let englishNamespaces: NamespaceLoaders = {};

/**
 * i18next's backend: a namespace that is not in yet is fetched when something reads it, English
 * from its own file, another language from that language's whole catalogue (one file).
 */
const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      language === defaultLanguage
        ? englishNamespaces[namespace]?.()
        : loadLanguage(supportedLanguage(language)).then(() => i18n.getResourceBundle(language, namespace) as unknown);
    if (!load) {
      callback(null, {});
      return;
    }
    load.then(
      (messages) => callback(null, (messages ?? {}) as Tree),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Makes the one i18next instance of the web app ready to render English at once (the namespaces
 * of the page frame are bundled, so `init` is synchronous); `app/i18n.ts` calls it with those, a
 * way to fetch each other English namespace, and a way to fetch each other language's catalogue.
 * A component that reads a namespace not in yet suspends until it is (react-i18next's Suspense
 * mode), and the routes ask for theirs while their code loads (`loadNamespaces`). The language is
 * the one the visitor chose in the header (kept in local storage), else the browser's first
 * language we speak, else English; `languageReady()` resolves once that language's catalogue is in.
 */
export function initI18n(english: Catalogue, fetchedEnglish: NamespaceLoaders, others: Loaders): void {
  if (i18n.isInitialized) return;
  loaders = others;
  englishNamespaces = fetchedEnglish;
  loading.set(defaultLanguage, Promise.resolve());
  void i18n
    .use(backend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: english as Record<string, Tree> },
      partialBundledLanguages: true,
      ns: Object.keys(english),
      defaultNS: 'common',
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      load: 'currentOnly',
      initAsync: false,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      detection: {
        order: ['localStorage', 'navigator'],
        lookupLocalStorage: languageStorageKey,
        caches: [], // only an explicit choice is kept (see chooseLanguage below)
        convertDetectedLanguage: (tag: string) => supportedLanguage(tag),
      },
      react: { useSuspense: true },
    });
  setDocumentLanguage(i18n.resolvedLanguage ?? defaultLanguage);
  i18n.on('languageChanged', (language) => setDocumentLanguage(i18n.resolvedLanguage ?? language));
}

/**
 * Fetches namespaces of the catalogue (in the reader's language and English) before a screen that
 * reads them renders; resolves either way (a failed fetch leaves the screen to ask again).
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  try {
    await i18n.loadNamespaces([...namespaces]);
  } catch {
    // Offline: the component that reads it asks again.
  }
}

/** Resolves once the catalogue of the language the visitor reads is in (at once for English). */
export async function languageReady(): Promise<void> {
  const wanted = supportedLanguage(i18n.language);
  if (wanted === defaultLanguage) return;
  try {
    await loadLanguage(wanted);
    // Resolved again now that the language has messages (it fell back to English until then).
    await i18n.changeLanguage(wanted);
  } catch {
    // Offline or the file is gone: English it is, for this page.
  }
}

/** Whether a language's catalogue is in (English always is). */
export function languageLoaded(language: Language): boolean {
  return language === defaultLanguage || i18n.hasResourceBundle(language, 'common');
}

/**
 * For a screen written in one language whatever the header's (the pricing page is Portuguese):
 * fetches that language's catalogue and answers true once it is in, or once the fetch failed
 * (offline), when the screen reads in English rather than not at all.
 */
export function useLanguageCatalogue(language: Language): boolean {
  const [settled, setSettled] = useState(() => languageLoaded(language));
  useEffect(() => {
    if (settled) return;
    let live = true;
    const done = () => {
      if (live) setSettled(true);
    };
    loadLanguage(language).then(done, done);
    return () => {
      live = false;
    };
  }, [language, settled]);
  return settled;
}

/** The language in use now. */
export function currentLanguage(): Language {
  return supportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the language and keeps the choice for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    await loadLanguage(language);
  } catch {
    // Not fetched (offline): the portal stays readable in English; choosing again tries again.
  }
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
  rememberForServer(language);
  await i18n.changeLanguage(language);
}

/** The server renders the next page in it (a year, this site only, sent on top-level navigations). */
function rememberForServer(language: Language): void {
  document.cookie = `${languageCookieName}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The language the visitor chose in the header, if they did (else the browser's decides). */
export function chosenLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(languageStorageKey);
    return stored ? supportedLanguage(stored) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the page in the language the server rendered it in (no choice of the visitor's own says
 * otherwise): the browser then hydrates the server's HTML instead of painting the page again.
 */
export async function adoptLanguage(language: Language): Promise<void> {
  const chosen = chosenLanguage();
  // A choice made before the server rendered pages lives only in local storage: the server learns
  // it for the next page (this one it rendered in the browser's language).
  if (chosen !== null && chosen !== language) rememberForServer(chosen);
  if (chosen !== null || supportedLanguage(i18n.language) === language) return;
  try {
    await loadLanguage(language);
    await i18n.changeLanguage(language);
  } catch {
    // Not fetched: the page renders in the browser's language instead.
  }
}

export { i18n };
