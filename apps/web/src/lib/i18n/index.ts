import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languages, languageStorageKey, supportedLanguage, type Language } from './languages';

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

type Catalogue = Record<Language, Record<string, unknown>>;

/**
 * Makes the one i18next instance of the web app ready before the first render (the catalogue is
 * bundled, so `init` is synchronous); `app/i18n.ts` calls it with the whole catalogue. The
 * language is the one the visitor chose in the header (kept in local storage), else the
 * browser's first language we speak, else English.
 */
export function initI18n(resources: Catalogue): void {
  if (i18n.isInitialized) return;
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: {
        en: resources.en as Record<string, Tree>,
        'pt-PT': withManyPlurals(resources['pt-PT'] as unknown as Tree),
      },
      ns: Object.keys(resources.en),
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
      react: { useSuspense: false },
    });
  setDocumentLanguage(i18n.resolvedLanguage ?? defaultLanguage);
  i18n.on('languageChanged', (language) => setDocumentLanguage(language));
}

/** The language in use now. */
export function currentLanguage(): Language {
  return supportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the language and keeps the choice for the next visit. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
  await i18n.changeLanguage(language);
}

export { i18n };
