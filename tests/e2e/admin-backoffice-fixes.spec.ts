import { test, expect, loginAs } from './fixtures';

/** Issue 19's small back-office defects that issue 18's paging work touched. */

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

test('Multimedia sorted by ID descending sends the sort and shows the newest first', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/multimedia');
  const header = page.getByRole('columnheader', { name: 'ID' });
  await expect(header).toBeVisible();
  const sorted = page.waitForRequest((r) => r.url().includes('/api/multimedia/getMultimedias') && r.url().includes('order=DESC'));
  // The list opens sorted by id ascending: one click turns it to descending.
  await header.getByRole('button').click();
  const req = await sorted;
  expect(new URL(req.url()).searchParams.get('sort')).toBe('id');
  const ids = async () => (await page.locator('tbody tr td.column-id').allTextContents()).map(Number);
  await expect.poll(async () => (await ids()).length).toBeGreaterThan(1);
  await expect
    .poll(async () => {
      const v = await ids();
      return v.every((x, i) => i === 0 || v[i - 1]! > x);
    })
    .toBe(true);
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
