import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { EMULATOR_HOST } from './playwright.config';

const GAPI_STAND_IN = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'gapi-stand-in.js'), 'utf8');

/**
 * Cosmetic resources the emulator's own account-chooser page asks for (Material styles and
 * fonts); aborted like every other external request, and not counted against the app.
 */
const EMULATOR_WIDGET_HOSTS = new Set(['unpkg.com', 'fonts.googleapis.com', 'fonts.gstatic.com']);

/**
 * Every page of the context, the Google popup included: Google's gapi loader is answered by the
 * local stand-in, and any other request that leaves this machine is aborted and recorded. The
 * test fails if the app (or Firebase in the app's page) tried to reach anything but the stand-in.
 */
export const test = base.extend<{ externalRequests: string[] }>({
  externalRequests: [
    async ({ context }, use) => {
      const external: string[] = [];
      await context.route('https://apis.google.com/js/api.js*', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: GAPI_STAND_IN }),
      );
      await context.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/)(https?|wss?):\/\//, (route) => {
        const url = route.request().url();
        if (!url.startsWith('https://apis.google.com/js/api.js')) {
          if (!EMULATOR_WIDGET_HOSTS.has(new URL(url).hostname)) external.push(url);
          return route.abort();
        }
        return route.fallback();
      });
      await use(external);
      expect(external, 'requests to third parties').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export interface GoogleAccount {
  email: string;
  name?: string;
}

/**
 * Presses "Continuar con Google" on /logIn and, in the emulator's popup, adds the account (email
 * and display name) or, when it already exists in the emulator, chooses it from the list.
 */
export async function signInWithGooglePopup(page: Page, account: GoogleAccount, opts: { reuse?: boolean } = {}) {
  const popupPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  expect(popup.url()).toContain(`http://${EMULATOR_HOST}/emulator/auth/handler`);
  if (opts.reuse) {
    await popup.locator('.js-reuse-account', { hasText: account.email }).click();
  } else {
    await popup.locator('#add-account-button').click();
    await popup.locator('#email-input').fill(account.email);
    if (account.name) await popup.locator('#display-name-input').fill(account.name);
    await popup.locator('#sign-in').click();
  }
  return popup;
}

/** The session the app stored after a sign-in. */
export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userRole: localStorage.getItem('userRole'),
    userId: localStorage.getItem('userId'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number; nombre: string; email: string; rol: string } | null,
  }));
}
