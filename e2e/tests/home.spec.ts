import { expect, test } from '../fixtures';

test('the home page renders with no console error @mobile', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Nuvem');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuvem' })).toBeVisible();
  await expect(page.getByTestId('animated-background')).toBeAttached();
  // The strict Content-Security-Policy is in force (a violation would fail the test as a console error).
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
});

test('a link on the home page opens its screen without a reload', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('link', { name: 'Learn More' }).click();
  await expect(page).toHaveURL(/\/ingeniousgen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('the background holds still for visitors who ask for reduced motion', async ({ page }) => {
  const animationNames = () =>
    page
      .getByTestId('animated-background')
      .locator('div')
      .evaluateAll((layers) => layers.map((layer) => getComputedStyle(layer).animationName));

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Nuvem' })).toBeVisible();
  await expect.poll(async () => (await animationNames()).filter((name) => name !== 'none')).toEqual([]);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(async () => (await animationNames()).filter((name) => name !== 'none').length).toBeGreaterThan(0);
});

test('the background covers the whole of a long page, down to its bottom', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ingeniousgen');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeVisible();
  const sizes = () =>
    page.evaluate(() => ({
      page: document.documentElement.scrollHeight,
      background: document.querySelector('[data-testid="animated-background"]')!.getBoundingClientRect().height,
      viewport: window.innerHeight,
    }));
  await expect.poll(async () => (await sizes()).page).toBeGreaterThan(2 * 844);
  const { page: height, background } = await sizes();
  expect(background).toBeGreaterThanOrEqual(height - 1);

  // At the very bottom, the moving sky is still in view behind the content.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const sky = await page
    .getByTestId('animated-background')
    .locator('div')
    .first()
    .evaluate((layer) => {
      const box = layer.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom };
    });
  expect(sky.top).toBeLessThanOrEqual(0);
  expect(sky.bottom).toBeGreaterThanOrEqual(844 - 1);
});
