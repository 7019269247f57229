import { expect, test } from '../fixtures';

test('the programme page shows the six offerings and the stats', async ({ page }) => {
  await page.goto('/ingeniousgen');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeVisible();
  for (const stat of ['500+', '95%', '10k+']) await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^I'm interested in / })).toHaveCount(6);
});

test('an enquiry is stored, and a bad one is refused with a clear message @mobile', async ({ page }) => {
  await page.goto('/ingeniousgen');
  await page.getByRole('button', { name: 'Talk to a consultant' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Contact request' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'I want to talk to a consultant' })).toBeChecked();

  // Bad e-mail and no consent: refused on the spot, nothing sent.
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Joana Ferreira');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('joana-at-example');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('Enter an e-mail address such as name@example.com.')).toBeVisible();
  await expect(dialog.getByText('Agree to be contacted so that we can send you an answer.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'E-mail' })).toBeFocused();

  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('joana@example.pt');
  await dialog.getByRole('checkbox', { name: /I agree to be contacted/ }).check();
  await dialog
    .getByRole('combobox', { name: 'Offering of interest (optional)' })
    .selectOption({ label: 'Intensive bootcamps' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Thank you! We have received your request and will be in touch soon.',
  );
});

test('the server refuses a bad enquiry with a clear message beside each field', async ({ request, baseURL }) => {
  const res = await request.post('/api/programme/enquiries', {
    headers: { origin: baseURL ?? '' },
    data: { name: 'J', email: 'x', interest: 'consultor', consent: true },
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { error: string; details: { path: string; message: string }[] };
  expect(body.error).toContain('Name must be 2 to 120 characters.');
  expect(body.error).toContain('Email must be a valid e-mail address.');
  expect(body.details.map((detail) => detail.path).sort()).toEqual(['body.email', 'body.name']);
});

test('the programme downloads as a printable page', async ({ page }) => {
  await page.goto('/ingeniousgen');
  await page.getByRole('link', { name: 'Download the programme' }).first().click();
  await expect(page).toHaveURL(/\/ingeniousgen\/programa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingenious Gen Programme' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print / save as PDF' })).toBeVisible();
  const pdf = await page.pdf();
  expect(pdf.byteLength).toBeGreaterThan(10_000);
});

test.describe('in a Portuguese browser', () => {
  test.use({ locale: 'pt-PT' });

  test("the page speaks the spec's Portuguese, and an enquiry goes through", async ({ page }) => {
    await page.goto('/ingeniousgen');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await expect(page.getByRole('heading', { level: 2, name: 'O que oferecemos' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Tenho interesse em / })).toHaveCount(6);
    await expect(page.getByText('empresas parceiras', { exact: true }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Inscrever-me agora' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Pedido de contacto' });
    await expect(dialog.getByRole('radio', { name: 'Quero inscrever-me' })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Joana Ferreira');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('joana-at-example');
    await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(dialog.getByText('Introduza um endereço de e-mail como nome@exemplo.pt.')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('joana@example.pt');
    await dialog.getByRole('checkbox', { name: /Aceito ser contactado/ }).check();
    await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
    await expect(dialog.getByRole('status')).toContainText(
      'Obrigado! Recebemos o seu pedido e entraremos em contacto em breve.',
    );
  });
});
