import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../fixtures';

// The pricing page buys for real through the sandbox provider (the e2e server has no Stripe key):
// its checkout page is the portal's own, the test cards succeed or are declined, and the order
// is fulfilled before /success shows it. The server seeds the demo coupon NUVEM20 (20% off).

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
}

/** The pricing page, once its payments configuration has loaded (buying is enabled then). */
async function openPricing(page: Page, path = '/planos') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Planos Nuvem' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Pagamentos de teste' })).toContainText('4242 4242 4242 4242');
  await expect(page.getByRole('button', { name: 'Comprar o pacote Medium (20M tokens)' })).toBeEnabled();
}

/** Fills the sandbox checkout's card form and pays. */
async function payWithCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Pay with card' });
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/30');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Ana Silva');
  await form.getByRole('button', { name: /^Pay / }).click();
  return form;
}

test('tokens bought through the sandbox checkout: a declined card, then paid, then on the Billing page @mobile', async ({
  page,
  login,
  allowConsoleError,
}) => {
  await login({ verified: true }); // buying needs a verified address
  await openPricing(page);
  await page.getByRole('button', { name: 'Comprar o pacote Medium (20M tokens)' }).click();

  await expect(page).toHaveURL(/\/checkout\/sandbox\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Sandbox payments' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Medium');
  // Prices exclude VAT: 50.00 and 23% VAT (Portugal, the seller's country: the buyer gave none).
  await expect(summary).toContainText('€50.00');
  await expect(summary.getByTestId('charge-vat')).toContainText('€11.50');
  await expect(summary.getByTestId('charge-total')).toContainText('€61.50');

  // The declined test card: the refusal shows on the form and the user may try again.
  const form = await payWithCard(page, '4000 0000 0000 0002');
  await expect(form.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);

  await form.getByLabel('Card number').fill('4242424242424242');
  await expect(form.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay €61.50' }).click();

  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText('Extra Tokens: Medium pack (20M tokens)')).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Go to Billing' }).click();
  await expect(page).toHaveURL(/\/account\/billing$/);
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText('20M tokens');
  // A table on a wide screen, a list on a phone: the one shown has the order.
  const order = page
    .getByRole('region', { name: 'Orders' })
    .locator('tr, li')
    .filter({ hasText: 'Extra Tokens: Medium pack (20M tokens)', visible: true });
  await expect(order).toContainText('€61.50');
  await expect(order).toContainText('Paid');
  await expect(order.getByRole('link', { name: /^View receipt/ })).toHaveAttribute('href', /^\/success\?order=ord_/);
  // The browser logs the declined payment's 402 reply; that one is expected.
  allowConsoleError(/status of 402/);
});

test('the Pro plan bought yearly: plan Pro, premium API keys, marked on the pricing page', async ({
  page,
  login,
  baseURL,
}) => {
  await login({ verified: true }); // buying needs a verified address
  await openPricing(page);
  await page.getByRole('switch', { name: /Anual/ }).click();
  const pro = page.getByRole('article', { name: 'Pro' });
  await expect(pro).toContainText('Faturado anualmente: 990,00');
  await pro.getByRole('button', { name: 'Subscrever o plano Pro' }).click();

  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('€990.00');
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();

  await page.goto('/account/billing');
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan).toContainText('Pro');
  await expect(plan).toContainText('Yearly');
  await expect(plan).toContainText(/API key tier\s*premium/);
  await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  // A key made now is on the plan's tier, and the developer dashboard says so.
  const created = await page.request.post('/applications', {
    data: { name: 'Paid App' },
    headers: { origin: baseURL ?? '' },
  });
  expect(created.status()).toBe(201);
  const { application } = (await created.json()) as { application: { id: string } };
  const issued = await page.request.post(`/applications/${application.id}/keys`, {
    data: { name: 'premium bot' },
    headers: { origin: baseURL ?? '' },
  });
  expect(issued.status()).toBe(201);
  await page.goto('/developer?tab=api-keys');
  await expect(page.getByRole('listitem', { name: 'premium bot' })).toContainText('premium · 600/min');

  // Back on the pricing page, Pro yearly is the current plan; another plan says it would replace it.
  await openPricing(page);
  await page.getByRole('switch', { name: /Anual/ }).click();
  await expect(pro.getByRole('button', { name: 'Plano atual' })).toBeDisabled();
  await expect(page.getByRole('article', { name: 'Free' })).not.toContainText('Plano atual');
  await expect(page.getByRole('button', { name: 'Subscrever o plano Starter' })).toHaveAccessibleDescription(
    /O seu plano Pro anual termina quando o novo começar: o plano Starter anual começa hoje\./,
  );
});

test('a checkout the buyer leaves is closed, and the Billing page says it was cancelled', async ({ page, login }) => {
  await login({ verified: true }); // buying needs a verified address
  await openPricing(page);
  await page.getByRole('button', { name: 'Comprar o pacote Small (5M tokens)' }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\/[^/]+$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Small');

  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  // Back on the pricing page, in the buyer's language (English here).
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nuvem Plans' })).toBeVisible();

  await page.goto('/account/billing');
  const order = page
    .getByRole('region', { name: 'Orders' })
    .locator('tr, li')
    .filter({ hasText: 'Extra Tokens: Small pack (5M tokens)', visible: true });
  await expect(order).toContainText('Cancelled');
  await expect(order.getByRole('link')).toHaveCount(0);
});

test('the demo coupon changes the totals shown, and a wrong code clears it', async ({ page, allowConsoleError }) => {
  await openPricing(page);
  const custom = page.getByRole('region', { name: 'Quantidade personalizada' });
  const total = custom.locator('dd').last();
  await expect(total).toHaveText(/^30,00\s€$/);
  await expect(custom).not.toContainText('A calcular');

  await page.getByRole('textbox', { name: 'Código de cupão' }).fill('nuvem20');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(toast(page, 'Cupão aplicado! 20% de desconto')).toBeVisible();
  await expect(page.getByText('NUVEM20: 20% de desconto')).toBeVisible();
  await expect(total).toHaveText(/^24,00\s€$/);
  await expect(custom).toContainText('Cupão NUVEM20 (20%)');
  await expect(page.getByRole('article', { name: 'Medium' })).toContainText(/40,00\s€/);
  await expect(page.getByRole('article', { name: 'Pro' })).toContainText(/Com NUVEM20: 79,20\s€ por mês/);

  await page.getByRole('textbox', { name: 'Código de cupão' }).fill('NOPE');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(toast(page, 'Código de cupão inválido ou expirado')).toBeVisible();
  await expect(total).toHaveText(/^30,00\s€$/);
  await expect(page.getByRole('article', { name: 'Medium' })).not.toContainText(/40,00\s€/);
  // The browser logs the unknown code's 404 reply; that one is expected.
  allowConsoleError(/status of 404/);
});

test('a signed-out buyer is sent to sign in and comes back to the pricing page', async ({ page, login }) => {
  const account = await login({ email: uniqueEmail('buyer') });
  await page.context().clearCookies();
  await openPricing(page, '/planos');
  // The period chosen goes to sign-in and back in the return address.
  await page.getByRole('switch', { name: /Anual/ }).click();
  await page.getByRole('button', { name: 'Comprar o pacote Medium (20M tokens)' }).click();
  await expect(toast(page, 'Por favor, faça login para continuar')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fplanos%3Fperiod%3Dyearly$/);

  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/planos\?period=yearly$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Planos Nuvem' })).toBeVisible();
  await expect(page.getByRole('switch', { name: /Anual/ })).toBeChecked();
});
