import { expect, signInWithGooglePopup, storedSession, test } from './fixtures';
import { ADMIN_EMAIL_DOMAIN, SUPERADMIN_EMAIL } from './playwright.config';
import type { Page } from '@playwright/test';

/** The "Admin" entry from /home, then the back office with `entry` in its menu. */
async function openBackOffice(page: Page, entry: string) {
  await page
    .getByRole('link', { name: 'Admin' })
    .or(page.getByRole('button', { name: 'Admin' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin/);
  await expect(
    page
      .getByRole('link', { name: entry })
      .or(page.getByRole('menuitem', { name: entry }))
      .first(),
  ).toBeVisible({ timeout: 20_000 });
}

// Google sign-in (accounts-and-learner.md sections 2, 3, 4, 8) through the Firebase Auth emulator:
// the real Firebase SDK in the page, the emulator's popup, the server's firebase-admin check.

const GOOGLE_ERROR = 'Error al iniciar sesión con Google';

test.describe('Google sign-in', () => {
  test('the superadmin address lands on /home as superadmin, with the Roles link; logout signs out of Firebase', async ({ page }) => {
    await page.goto('/logIn');
    const googleButton = page.getByRole('button', { name: 'Continuar con Google' });
    await expect(googleButton).toBeVisible();
    // Firebase (the lazy google-*.js chunk) is not loaded until the button is pressed.
    const firebaseLoaded = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/google-[^/]*\.js$|firebase/i.test(e.name)));
    expect(await firebaseLoaded()).toBe(false);

    await signInWithGooglePopup(page, { email: SUPERADMIN_EMAIL, name: 'Julia Jefa' });
    expect(await firebaseLoaded()).toBe(true);
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    const s = await storedSession(page);
    expect(s.userRole).toBe('superadmin');
    expect(s.user).toMatchObject({ email: SUPERADMIN_EMAIL, nombre: 'Julia Jefa', rol: 'superadmin' });
    await expect(page.getByText('¡Hola, Julia Jefa!')).toBeVisible();

    await openBackOffice(page, 'Roles');

    // After a full page load Firebase is not loaded (no sign-out hook); its session sits in
    // localStorage (local persistence), which logout clears: that ends the Firebase session too.
    await page.goto('/home');
    expect(await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('firebase:authUser:')))).toBe(true);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/logIn$/);
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('firebase:') || ['token', 'user', 'userRole', 'userId'].includes(k))),
    ).toEqual([]);
  });

  test('logout in the same page as the sign-in calls Firebase signOut', async ({ page }) => {
    await page.goto('/logIn');
    await signInWithGooglePopup(page, { email: 'salir@gmail.com', name: 'Sal Ida' });
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    const hooked = await page.evaluate(() => {
      const w = window as unknown as { __manitasSignOutProvider?: () => Promise<void>; __firebaseSignedOut?: boolean };
      const original = w.__manitasSignOutProvider;
      if (!original) return false;
      w.__manitasSignOutProvider = async () => {
        await original();
        w.__firebaseSignedOut = true;
      };
      return true;
    });
    expect(hooked).toBe(true);
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/logIn$/);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __firebaseSignedOut?: boolean }).__firebaseSignedOut === true)).toBe(true);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('firebase:')))).toEqual([]);
  });

  test('an email of the admin domain lands as admin (Admin button, no Roles link)', async ({ page }) => {
    await page.goto('/logIn');
    await signInWithGooglePopup(page, { email: `directora@${ADMIN_EMAIL_DOMAIN}`, name: 'Directora' });
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    expect((await storedSession(page)).userRole).toBe('admin');
    await openBackOffice(page, 'Niveles');
    await expect(page.getByRole('link', { name: 'Roles' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Roles' })).toHaveCount(0);
  });

  test('another email lands as profesor; the same Google account twice keeps one user', async ({ page }) => {
    await page.goto('/logIn');
    await signInWithGooglePopup(page, { email: 'maestro.luis@gmail.com', name: 'Luis Maestro' });
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    const first = await storedSession(page);
    expect(first.userRole).toBe('profesor');
    expect(first.user).toMatchObject({ email: 'maestro.luis@gmail.com', nombre: 'Luis Maestro', rol: 'profesor' });
    await expect(page.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/logIn$/);
    // The emulator now lists the account: choose it.
    await signInWithGooglePopup(page, { email: 'maestro.luis@gmail.com' }, { reuse: true });
    await expect(page).toHaveURL(/\/home$/, { timeout: 30_000 });
    const second = await storedSession(page);
    expect(second.user?.id).toBe(first.user?.id);
    expect(second.userRole).toBe('profesor');

    // One account with that email on the server (the superadmin's list).
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await page.request.post('/api/user/logIn', {
      data: { email: 'superadmin@manitas.test', password: 'Manitas2024' },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    const { token } = await login.json();
    const list = await page.request.get('/api/user/usuarios', { headers: { Authorization: `Bearer ${token}` } });
    const users = (await list.json()).users as { email: string }[];
    expect(users.filter((u) => u.email === 'maestro.luis@gmail.com')).toHaveLength(1);
  });

  test("closing the popup shows 'Error al iniciar sesión con Google' and keeps the visitor on /logIn", async ({ page }) => {
    await page.goto('/logIn');
    const popupPromise = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Continuar con Google' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState('domcontentloaded');
    await popup.close();
    const dialog = page.getByTestId('alert-modal');
    await expect(dialog).toContainText(GOOGLE_ERROR, { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/logIn$/);
    expect((await storedSession(page)).token).toBeNull();
    // The form is usable again (the spinner is gone).
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });
});
