import { test, expect, loginAs, AFTER_ACTION } from './fixtures';

/** Small back-office defects found after the lists became server-paged. */

test('a missing question answers at once: its 404 is asked once, not retried', async ({ page }) => {
  await loginAs(page, 'admin');
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/pregunta/getPregunta/99999')) asked++;
  });
  await page.goto('/admin/pregunta/99999');
  await expect(page.getByText('Error al cargar los detalles de la pregunta.')).toBeVisible();
  // Give a retry the time it would take (react-query waits 1 s, then 2 s) before counting.
  await page.waitForTimeout(3500);
  expect(asked).toBe(1);
});

test('Multimedia opens newest first (ID descending); a click on ID sends the ascending sort and shows it', async ({ page }) => {
  await loginAs(page, 'admin');
  const first = page.waitForRequest((r) => r.url().includes('/api/multimedia/getMultimedias'), AFTER_ACTION);
  await page.goto('/admin/multimedia');
  const opened = new URL((await first).url()).searchParams;
  expect([opened.get('sort'), opened.get('order')]).toEqual(['id', 'DESC']);
  const header = page.getByRole('columnheader', { name: 'ID' });
  await expect(header).toBeVisible();
  const ids = async () => (await page.locator('tbody tr td.column-id').allTextContents()).map(Number);
  const inOrder = (desc: boolean) => async () => {
    const v = await ids();
    return v.length > 1 && v.every((x, i) => i === 0 || (desc ? v[i - 1]! > x : v[i - 1]! < x));
  };
  await expect.poll(inOrder(true), { message: 'newest first' }).toBe(true);
  const sorted = page.waitForRequest((r) => r.url().includes('/api/multimedia/getMultimedias') && r.url().includes('order=ASC'), AFTER_ACTION);
  await header.getByRole('button').click();
  const req = await sorted;
  expect(new URL(req.url()).searchParams.get('sort')).toBe('id');
  await expect.poll(inOrder(false), { message: 'oldest first after the click' }).toBe(true);
});

test('toasts sit below the top bar, never over the account controls', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/nivel/create');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const toast = page.getByText('Por favor, complete todos los campos.');
  await expect(toast).toBeVisible();
  const bar = await page.locator('header').first().boundingBox();
  const box = await toast.boundingBox();
  expect(bar && box).toBeTruthy();
  expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
});
