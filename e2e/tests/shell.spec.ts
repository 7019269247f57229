import { appReady, expect, test } from '../fixtures';

test.describe('ecosystem modal', () => {
  test('opens from the nine-dot button and closes three ways, locking the page scroll while open @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Open ecosystem apps' });
    const dialog = page.getByRole('dialog', { name: 'Nuvem Ecosystem' });
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);

    await trigger.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Integrated enterprise solutions for your business')).toBeVisible();
    await expect(dialog.getByText('Access all integrated applications from one unified platform')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Applications' }).getByRole('listitem')).toHaveCount(9);
    // One app is under maintenance in this run, so the indicator is honest about it.
    await expect(dialog.getByRole('status')).toHaveText('1 app with problems');
    expect(await bodyOverflow()).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    expect(await bodyOverflow()).not.toBe('hidden');

    await trigger.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await trigger.click();
    await expect(dialog).toBeVisible();
    // Radix listens for a press outside the panel from a timer set when the dialog mounts; with
    // no opening animation (reduced motion) the dialog is visible before that timer has run.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await page.mouse.click(5, 5); // the overlay, outside the panel
    await expect(dialog).toBeHidden();
  });

  test('an inactive card does nothing; an active card opens its address in a new tab', async ({ page, context }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open ecosystem apps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuvem Ecosystem' });

    const erp = dialog.getByRole('group', { name: 'Nuvem Erp' });
    await expect(erp).toHaveAttribute('aria-disabled', 'true');
    await expect(erp.getByText('Under maintenance').first()).toBeVisible();
    await expect(erp.getByRole('link')).toHaveCount(0);
    const pagesBefore = context.pages().length;
    await erp.click({ force: true }); // a user can still click it; nothing must happen
    expect(context.pages()).toHaveLength(pagesBefore);
    await expect(dialog).toBeVisible();

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('link', { name: 'Nuvem Crm' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/\/events\?from=crm$/);
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    await popup.close();
  });
});

test.describe('desktop and dock', () => {
  test('signed out: no dock, and a gated slot asks for sign-in with Google', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Nuvem' })).toBeVisible();
    await expect(page.getByPlaceholder('Create anything...')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dock' })).toHaveCount(0);

    await page.goto('/?app=5');
    await expect(page.getByRole('heading', { level: 1, name: 'Authentication Required' })).toBeVisible();
    await expect(page.getByText('This area requires authentication. Sign in to continue.')).toBeVisible();
    // E-mail always; this installation configures both social providers (local stand-ins).
    await expect(page.getByRole('link', { name: 'Sign in with e-mail' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with GitHub' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    // The local OpenID provider signs the visitor in and the portal brings them back to the slot.
    await expect(page).toHaveURL(/\/\?app=5$/);
    await expect(page.getByRole('heading', { name: 'MistHaven' })).toBeVisible();
  });

  test('signed out: a gated slot signs in by e-mail and comes back to the slot', async ({ page, login }) => {
    const account = await login();
    await page.context().clearCookies(); // an account, but this browser is signed out
    await page.goto('/?app=5');
    await page.getByRole('link', { name: 'Sign in with e-mail' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await appReady(page);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/\?app=5$/);
    await expect(page.getByRole('heading', { name: 'MistHaven' })).toBeVisible();
  });

  test('signed in: the dock switches slots, keeps the slot in the address, and its arrows scroll @mobile', async ({
    page,
    login,
  }) => {
    await login();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const dock = page.getByRole('navigation', { name: 'Dock' });
    await expect(dock).toBeVisible();
    await dock.getByRole('button', { name: 'Finder' }).click();
    await expect(page).toHaveURL(/\?app=1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Finder' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Finder' })).toBeVisible();
    await expect(dock.getByRole('button', { name: 'Finder' })).toHaveAttribute('aria-current', 'page');

    // On a narrow screen the seven icons overflow: the right arrow scrolls by 200 px.
    const row = dock.getByRole('toolbar', { name: 'Apps' });
    const right = dock.getByRole('button', { name: 'Scroll dock right' });
    await expect(right).toBeVisible();
    const before = await row.evaluate((el) => el.scrollLeft);
    await right.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    await expect(dock.getByRole('button', { name: 'Scroll dock left' })).toBeVisible();
  });

  test('the MistHaven cabin page shows every fact of the listing', async ({ page, login }) => {
    await login();
    await page.goto('/?app=5');
    const cabin = page.getByRole('article', { name: 'MistHaven' });
    await expect(cabin.getByText('Quiet Escapes in the Wild')).toBeVisible();
    for (const fact of [
      'Apr 14 after 2:00 PM',
      'Apr 18 until 11:00 AM',
      '2–5',
      '$329 per night',
      'Taxes and fees not included',
      '4.8 from 2,400+ stays',
      'No service fees on direct bookings',
      '24 photos',
    ]) {
      await expect(cabin.getByText(fact, { exact: false }).first()).toBeVisible();
    }
    await expect(cabin.getByRole('img', { name: /^Photo \d+ of 24/ })).toHaveCount(24);
  });

  test('the Maps slot draws the world offline and finds a city @mobile', async ({ page, login }) => {
    await login();
    await page.goto('/?app=3');
    await expect(page.getByRole('img', { name: 'World map' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Search cities' }).fill('sao paulo');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Selected city' })).toContainText('São Paulo');
  });
});

test.describe('language', () => {
  test('the header switches to European Portuguese from the keyboard, <html lang> follows, and the choice is kept', async ({
    page,
    login,
  }) => {
    await login({ displayName: 'Lia Matos' });
    await page.goto('/?app=5');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const languages = page.getByRole('button', { name: 'Language: English' });
    await languages.focus();
    await page.keyboard.press('Enter');
    const choices = page.getByRole('menu');
    await expect(choices.getByRole('menuitem', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(choices.getByRole('menuitem', { name: 'Português (Portugal)' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page.getByRole('button', { name: 'Idioma: Português (Portugal)' })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Dock' }).getByRole('button', { name: 'Mapas' })).toBeVisible();

    // Kept across a reload, whatever the browser's own language.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await page.getByRole('button', { name: 'Menu do utilizador' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Lia Matos')).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Painel de programador' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page.getByRole('button', { name: 'Iniciar sessão' })).toBeVisible();
    await page.goto('/?app=5');
    await expect(page.getByRole('heading', { level: 1, name: 'Autenticação Necessária' })).toBeVisible();
    await expect(page.getByText('Esta área requer autenticação. Faça login para continuar.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Entrar com e-mail' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar com Google' })).toBeVisible();

    // And back to English.
    await page.getByRole('button', { name: 'Idioma: Português (Portugal)' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Authentication Required' })).toBeVisible();
  });

  test('a Portuguese browser gets European Portuguese without choosing', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'pt-BR', baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page.getByRole('button', { name: 'Explorar' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Saber Mais' })).toBeVisible();
    await context.close();
  });
});

test.describe('toasts', () => {
  test('a toast appears below the header and leaves its buttons free @mobile', async ({ page, login }) => {
    await login();
    await page.goto('/developer');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    // The session ends behind the page's back; the next check (on focus) shows the one toast.
    await page.context().clearCookies();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const toast = page.getByText('Your session has ended. Sign in again to continue where you were.');
    await expect(toast).toBeVisible();

    const header = (await page.locator('header').first().boundingBox())!;
    // Once it has slid in, the toast starts below the header.
    await expect
      .poll(async () => (await page.locator('[data-sonner-toast]').first().boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(header.y + header.height);
    // Every control of the header can still be clicked where it is.
    for (const name of ['Sign In', 'Open ecosystem apps', 'Language: English']) {
      const button = page.getByRole('button', { name, exact: true });
      const centre = await button.boundingBox();
      const onTop = await button.evaluate(
        (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
        { x: centre!.x + centre!.width / 2, y: centre!.y + centre!.height / 2 },
      );
      expect(onTop, `${name} is not covered`).toBe(true);
    }
  });
});

test.describe('tabs on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a tab row wider than the screen shows that it scrolls, and brings a half-hidden tab into view', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/developer');
    const tabs = page.getByRole('tablist').first();
    await expect(tabs.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    const frame = tabs.locator('xpath=..');
    await expect(frame.getByTestId('tabs-scroll-hint-end')).toHaveAttribute('data-visible', 'true');
    await expect(frame.getByTestId('tabs-scroll-hint-start')).toHaveAttribute('data-visible', 'false');

    // The first tab the row cuts off on the right, clicked on the part that shows (as a thumb would).
    const row = (await tabs.boundingBox())!;
    const allTabs = await tabs.getByRole('tab').all();
    let cut = allTabs[0]!;
    for (const tab of allTabs) {
      const box = (await tab.boundingBox())!;
      if (box.x + box.width > row.x + row.width) {
        cut = tab;
        break;
      }
    }
    const box = (await cut.boundingBox())!;
    await page.mouse.click(box.x + 8, box.y + box.height / 2);
    await expect(cut).toHaveAttribute('aria-selected', 'true');
    await expect
      .poll(async () => {
        const now = (await cut.boundingBox())!;
        return now.x >= row.x - 1 && now.x + now.width <= row.x + row.width + 1;
      })
      .toBe(true);
    await expect(frame.getByTestId('tabs-scroll-hint-start')).toHaveAttribute('data-visible', 'true');
  });
});
