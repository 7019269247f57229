import type { Page } from '@playwright/test';
import { charts as chartsEn } from '../../apps/web/src/components/charts/i18n/en';
import { charts as chartsPt } from '../../apps/web/src/components/charts/i18n/pt-PT';
import { accountEmail as accountEmailEn } from '../../apps/web/src/features/account/i18n/email.en';
import { accountEmail as accountEmailPt } from '../../apps/web/src/features/account/i18n/email.pt-PT';
import { account as accountEn } from '../../apps/web/src/features/account/i18n/en';
import { mfa as mfaEn } from '../../apps/web/src/features/account/i18n/mfa.en';
import { mfa as mfaPt } from '../../apps/web/src/features/account/i18n/mfa.pt-PT';
import { account as accountPt } from '../../apps/web/src/features/account/i18n/pt-PT';
import { applications as applicationsEn } from '../../apps/web/src/features/applications/i18n/en';
import { applications as applicationsPt } from '../../apps/web/src/features/applications/i18n/pt-PT';
import { auth as authEn } from '../../apps/web/src/features/auth/i18n/en';
import { auth as authPt } from '../../apps/web/src/features/auth/i18n/pt-PT';
import { billing as billingEn } from '../../apps/web/src/features/billing/i18n/en';
import { billing as billingPt } from '../../apps/web/src/features/billing/i18n/pt-PT';
import { cabin as cabinEn } from '../../apps/web/src/features/cabin/i18n/en';
import { cabin as cabinPt } from '../../apps/web/src/features/cabin/i18n/pt-PT';
import { containers as containersEn } from '../../apps/web/src/features/containers/i18n/en';
import { containers as containersPt } from '../../apps/web/src/features/containers/i18n/pt-PT';
import { events as eventsEn } from '../../apps/web/src/features/events/i18n/en';
import { events as eventsPt } from '../../apps/web/src/features/events/i18n/pt-PT';
import { maps as mapsEn } from '../../apps/web/src/features/maps/i18n/en';
import { maps as mapsPt } from '../../apps/web/src/features/maps/i18n/pt-PT';
import { organisations as organisationsEn } from '../../apps/web/src/features/organisations/i18n/en';
import { organisations as organisationsPt } from '../../apps/web/src/features/organisations/i18n/pt-PT';
import { orgSettings as orgSettingsEn } from '../../apps/web/src/features/organisations/i18n/settings.en';
import { orgSettings as orgSettingsPt } from '../../apps/web/src/features/organisations/i18n/settings.pt-PT';
import { profiles as profilesEn } from '../../apps/web/src/features/profiles/i18n/en';
import { profiles as profilesPt } from '../../apps/web/src/features/profiles/i18n/pt-PT';
import { programme as programmeEn } from '../../apps/web/src/features/programme/i18n/en';
import { programme as programmePt } from '../../apps/web/src/features/programme/i18n/pt-PT';
import { shell as shellEn } from '../../apps/web/src/features/shell/i18n/en';
import { shell as shellPt } from '../../apps/web/src/features/shell/i18n/pt-PT';
import { workflows as workflowsEn } from '../../apps/web/src/features/workflows/i18n/en';
import { workflows as workflowsPt } from '../../apps/web/src/features/workflows/i18n/pt-PT';
import { common as commonEn } from '../../apps/web/src/lib/i18n/common.en';
import { common as commonPt } from '../../apps/web/src/lib/i18n/common.pt-PT';
import { expect, test } from '../fixtures';

// Issue 35, one language per page: every route, read in English and then in European Portuguese,
// shows no text that only the other language's catalogue has. '/planos' is left out: the spec
// keeps that address in Portuguese whatever the reader's language.

const english = [
  commonEn,
  chartsEn,
  accountEn,
  accountEmailEn,
  mfaEn,
  applicationsEn,
  authEn,
  billingEn,
  cabinEn,
  containersEn,
  eventsEn,
  mapsEn,
  organisationsEn,
  orgSettingsEn,
  profilesEn,
  programmeEn,
  shellEn,
  workflowsEn,
];
const portuguese = [
  commonPt,
  chartsPt,
  accountPt,
  accountEmailPt,
  mfaPt,
  applicationsPt,
  authPt,
  billingPt,
  cabinPt,
  containersPt,
  eventsPt,
  mapsPt,
  organisationsPt,
  orgSettingsPt,
  profilesPt,
  programmePt,
  shellPt,
  workflowsPt,
];

/** Every text of a catalogue, its {{placeholders}} splitting it into the fixed pieces around them. */
function pieces(catalogues: readonly object[]): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (typeof node === 'string') {
      for (const piece of node.split(/{{[^}]*}}|\$t\([^)]*\)|<\/?\d+>|\n/)) found.add(piece.trim());
    } else if (node && typeof node === 'object') {
      for (const value of Object.values(node)) visit(value);
    }
  };
  catalogues.forEach(visit);
  return found;
}

/**
 * The texts only `own` has: two words or more, with a letter, not in the other catalogue and not
 * inside one of its texts (a brand or a term both languages use reads the same in both).
 */
function distinctive(own: Set<string>, other: Set<string>): string[] {
  const others = [...other];
  return [...own].filter(
    (text) =>
      /\p{L}{2}/u.test(text) &&
      text.split(/\s+/).length >= 2 &&
      text.length >= 8 &&
      !other.has(text) &&
      !others.some((o) => o.includes(text)),
  );
}

const enPieces = pieces(english);
const ptPieces = pieces(portuguese);
/** What must not show in each language: the other catalogue's own texts. */
const foreign = { en: distinctive(ptPieces, enPieces), 'pt-PT': distinctive(enPieces, ptPieces) } as const;
type Language = keyof typeof foreign;

/** The page's text as a reader and a screen reader get it: text nodes, labels, placeholders, titles. */
function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('script, style, noscript, template')
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
    for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    parts.push(document.title);
    return parts.join('\n').replace(/\s+/g, ' ');
  });
}

/** Opens `path` in `language`, waits until it has drawn its content, and returns the other language's texts it shows. */
async function strayTexts(page: Page, language: Language, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Let its first calls answer (a page that keeps a live connection open just reaches the limit).
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const text = await pageText(page);
  return foreign[language].filter((stray) => text.includes(stray));
}

async function expectOneLanguage(page: Page, language: Language, path: string) {
  const strays = await strayTexts(page, language, path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  expect(strays, `${path} in ${language} shows texts of the other language`).toEqual([]);
}

for (const language of ['en', 'pt-PT'] as const) {
  test.describe(`in ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      // The header's choice, as a visitor makes it (kept in the browser), whatever its own language.
      await page.addInitScript((chosen) => window.localStorage.setItem('nuvem.language', chosen), language);
    });

    test('the public pages speak one language', async ({ page }) => {
      test.setTimeout(45_000);
      for (const path of ['/', '/login', '/events', '/pricing', '/ingeniousgen']) {
        await expectOneLanguage(page, language, path);
      }
      // The check can fail: '/planos', Portuguese by the spec, is caught by it for an English reader.
      if (language === 'en') expect(await strayTexts(page, 'en', '/planos')).toContain(billingPt.pricing.intro);
    });

    test("a signed-in user's pages and an event's page speak one language", async ({ page, login, baseURL }) => {
      test.setTimeout(60_000);
      await login({ displayName: 'Inês Duarte' });
      const start = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
      const created = await page.request.post('/api/events', {
        headers: { origin: baseURL ?? '' },
        data: {
          title: 'Noite de Fado',
          description: 'Noite de Fado: uma noite para os testes do navegador.',
          category: 'live-music',
          start_date: start,
          end_date: new Date(Date.parse(start) + 2 * 3_600_000).toISOString(),
          is_online: true,
          online_url: 'https://meet.example.com/room',
          currency: 'EUR',
          ticket_types: [{ name: 'Geral', price: 10, capacity: 50 }],
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };
      for (const path of [`/events/${id}`, '/developer', '/account/billing', '/account', '/profile/me']) {
        await expectOneLanguage(page, language, path);
      }
    });
  });
}
