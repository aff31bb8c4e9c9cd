import { test, expect, signUpChild } from './fixtures';

// 'Salir' first checks whether this child's work still waits on the tablet. When that check
// cannot run (here: the module that reads the device's queue does not load), the child is asked as
// if there were some, never logged out without a word.
test('a logout whose check of unsent work fails asks first, and Salir y borrar still logs out', async ({ page }) => {
  await signUpChild(page);
  await page.goto('/home');
  await expect(page.getByRole('button', { name: 'Salir', exact: true })).toBeEnabled();
  await page.route(/\/assets\/clear-[^/]+\.js$/, (route) => route.abort('failed'));

  await page.getByRole('button', { name: 'Salir', exact: true }).click();
  const ask = page.getByTestId('logout-unsent');
  await expect(ask.getByRole('heading', { name: 'Hay cosas sin enviar' })).toBeVisible();
  await expect(ask).toContainText('No se pudo comprobar si esta tableta guarda actividades tuyas sin enviar.');
  await ask.getByRole('button', { name: 'Quedarme' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('button', { name: 'Salir', exact: true }).click();
  await page.getByTestId('logout-unsent').getByRole('button', { name: 'Salir y borrar' }).click();
  await expect(page).toHaveURL(/\/logIn$/);
});
