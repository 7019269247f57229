import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage, currentLanguage, i18n } from '@/lib/i18n';
import { languageStorageKey, supportedLanguage } from '@/lib/i18n/languages';
import { english as englishCatalogue } from './i18n.en';
import { portuguese as portugueseCatalogue } from './i18n.pt-PT';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();

const english = flatten(englishCatalogue);
const portuguese = flatten(portugueseCatalogue);

describe('the message catalogue', () => {
  it('has every English key in European Portuguese, and no key English lacks', () => {
    const missing = [...english.keys()].filter((key) => !portuguese.has(key));
    const extra = [...portuguese.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('has no empty message in either language', () => {
    const empty = [...english, ...portuguese].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders and markup in both languages', () => {
    const mismatched = [...english]
      .filter(([key, text]) => {
        const other = portuguese.get(key) ?? '';
        return placeholders(text).join() !== placeholders(other).join() || tags(text).join() !== tags(other).join();
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('is not written in Brazilian Portuguese where European Portuguese differs', () => {
    // Words a Portugal reader would stumble on: the catalogue says 'ecrã', 'utilizador', 'equipa'…
    const brazilian = /\b(tela|usuário|usuários|time de|cadastr\w*|arquivo|senha)\b/i;
    const hits = [...portuguese].filter(([, text]) => brazilian.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(hits).toEqual([]);
  });
});

describe('language choice', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads any Portuguese browser language as European Portuguese and anything else as English', () => {
    expect(supportedLanguage('pt-BR')).toBe('pt-PT');
    expect(supportedLanguage('pt')).toBe('pt-PT');
    expect(supportedLanguage('PT-pt')).toBe('pt-PT');
    expect(supportedLanguage('fr-FR')).toBe('en');
    expect(supportedLanguage('en-GB')).toBe('en');
    expect(supportedLanguage(undefined)).toBe('en');
  });

  it('switches the texts and the page language, and keeps the choice', async () => {
    expect(i18n.t('actions.cancel')).toBe('Cancel');
    await chooseLanguage('pt-PT');
    expect(currentLanguage()).toBe('pt-PT');
    expect(i18n.t('actions.cancel')).toBe('Cancelar');
    expect(document.documentElement.lang).toBe('pt-PT');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('pt-PT');
  });

  it('picks the plural form of the language, including Portuguese large counts', async () => {
    expect(i18n.t('form.tooShort', { count: 1, n: '1' })).toBe('Use at least 1 character.');
    expect(i18n.t('form.tooShort', { count: 8, n: '8' })).toBe('Use at least 8 characters.');
    await i18n.changeLanguage('pt-PT');
    expect(i18n.t('form.tooShort', { count: 1, n: '1' })).toBe('Use pelo menos 1 carácter.');
    expect(i18n.t('form.tooShort', { count: 1_000_000, n: '1 000 000' })).toBe('Use pelo menos 1 000 000 caracteres.');
  });
});
