import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';

// Issue 33: a plan's promises arrive. Starter yearly, then Pro yearly: the unused time of Starter is
// credited and shown before paying, the rest is charged with VAT, the invoice is a real PDF, and the
// Pro allowance is in the Balances.

async function payWithCard(page: Page) {
  const form = page.getByRole('form', { name: 'Pay with card' });
  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill('12/30');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill('Ana Silva');
  await form.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
}

test('Starter yearly, then Pro with the unused time credited: charged with VAT, invoiced as a PDF, allowance in Balances', async ({
  page,
  login,
}, testInfo) => {
  await login({ verified: true });
  await page.goto('/planos');
  await expect(page.getByTestId('pricing-vat-note')).toHaveText(
    'Preços sem IVA; o IVA do seu país é somado no checkout.',
  );
  await page.getByRole('switch', { name: /Anual/ }).click();
  await page
    .getByRole('article', { name: 'Starter' })
    .getByRole('button', { name: 'Subscrever o plano Starter' })
    .click();

  // 290.00 and 23% VAT.
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByTestId('charge-total')).toContainText('€356.70');
  await payWithCard(page);

  // Pro yearly: the dialog shows the credit for Starter's unused time and what is due today.
  await page.goto('/planos');
  await page.getByRole('switch', { name: /Anual/ }).click();
  await page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Subscrever o plano Pro' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Mudar para o plano Pro anual?' });
  await expect(dialog).toContainText('O seu plano Starter anual termina hoje');
  // Almost a whole year of Starter is left: about 290,00 € of credit; 990 - 290 = 700 + 23% = 861.
  await expect(dialog.getByTestId('charge-proration')).toContainText(/Starter anual.*(289,9\d|290,00)/);
  await expect(dialog.getByTestId('charge-total')).toContainText(/86[01],\d\d/);
  await dialog.getByRole('button', { name: 'Continuar para o checkout' }).click();

  // The checkout charges exactly that.
  await expect(summary.getByTestId('charge-proration')).toContainText(/Credit for unused time.*€(289\.9\d|290\.00)/);
  await expect(summary.getByTestId('charge-total')).toContainText(/€86[01]\.\d\d/);
  await payWithCard(page);

  await page.goto('/account/billing');
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan).toContainText('Pro');
  await expect(plan.getByTestId('billing-current-period')).toBeVisible();
  const allowances = page
    .getByRole('region', { name: 'Balances' })
    .getByRole('list', { name: 'Included with your plan' });
  await expect(allowances).toContainText(/30M tokens from the Pro plan, expires/);
  await expect(allowances).not.toContainText('Starter');

  // The Pro order's invoice, downloaded as a PDF and read back as text.
  const invoices = page.getByRole('region', { name: 'Invoices' }).getByTestId('invoice-row');
  await expect(invoices).toHaveCount(2);
  const year = String(new Date().getUTCFullYear());
  const link = page
    .getByRole('region', { name: 'Invoices' })
    .getByRole('link', { name: /^Download FT / })
    .first();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^FT-${year}-\\d+\\.pdf$`));
  const file = testInfo.outputPath('invoice.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toMatch(new RegExp(`FT ${year}/\\d+`));
  expect(text).toContain('Nuvem');
  expect(text).toMatch(/Pro/);
  expect(text).toMatch(/23\s?%/);
  expect(text).toMatch(/86[01][.,]\d\d/);
});
