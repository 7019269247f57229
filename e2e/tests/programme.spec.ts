import { expect, test } from '../fixtures';

test('the programme page shows the six offerings and the stats', async ({ page }) => {
  await page.goto('/ingeniousgen');
  await expect(page.getByRole('heading', { level: 1, name: 'Ingenious Gen' })).toBeVisible();
  for (const stat of ['500+', '95%', '10k+']) await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Tenho interesse em / })).toHaveCount(6);
});

test('an enquiry is stored, and a bad one is refused with a clear message', async ({ page }) => {
  await page.goto('/ingeniousgen');
  await page.getByRole('button', { name: 'Falar com um consultor' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Pedido de contacto' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Quero falar com um consultor' })).toBeChecked();

  // Bad e-mail and no consent: refused on the spot, nothing sent.
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Joana Ferreira');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('joana-at-example');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog.getByText('Indique um e-mail válido')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('joana@example.pt');
  await dialog.getByRole('checkbox', { name: /Aceito ser contactado/ }).check();
  await dialog
    .getByRole('combobox', { name: 'Oferta de interesse (opcional)' })
    .selectOption({ label: 'Bootcamps intensivos' });
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Obrigado! Recebemos o seu pedido e entraremos em contacto em breve.',
  );
});

test('the server refuses a bad enquiry with a clear message', async ({ request, baseURL }) => {
  const res = await request.post('/api/programme/enquiries', {
    headers: { origin: baseURL ?? '' },
    data: { name: 'J', email: 'x', interest: 'consultor', consent: true },
  });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { error: string };
  expect(body.error).toContain('email: indique um e-mail válido');
  expect(body.error).toContain('name: indique o seu nome');
});

test('the programme downloads as a printable page', async ({ page }) => {
  await page.goto('/ingeniousgen');
  await page.getByRole('link', { name: 'Descarregar programa' }).first().click();
  await expect(page).toHaveURL(/\/ingeniousgen\/programa$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Programa Ingenious Gen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir / guardar em PDF' })).toBeVisible();
  const pdf = await page.pdf();
  expect(pdf.byteLength).toBeGreaterThan(10_000);
});
