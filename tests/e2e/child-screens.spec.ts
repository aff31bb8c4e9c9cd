/**
 * Child screens: the game header's points follow the game live, the sign-up form's
 * Sexo placeholder and 'Ya tengo cuenta', the navbar avatar, the profile illustration and the
 * level cards keeping their size on keyboard focus.
 */
import type { Page } from '@playwright/test';
import { test, expect, loginAs, signUpChild } from './fixtures';
import { POLL_MS, clickTarget, loginForGames, openGame, snap, waitPhase } from './games-helpers';
import type { CardsSnapshot } from '../../src/shared/rules/games/cards';

type CardsSnap = CardsSnapshot;

test.describe('Puntos acumulados en la cabecera del juego', () => {
  test('the header number grows the moment a right answer scores', async ({ page }) => {
    await loginForGames(page);
    await openGame(page, '/ruleta-palabras?nivel=1');
    const chip = page.getByTestId('game-points');
    const read = async () => Number((await chip.textContent())?.match(/Puntos acumulados: (\d+)/)?.[1] ?? NaN);
    const before = await read();
    expect(before).toBeGreaterThanOrEqual(0);
    await clickTarget(page, 'button:start');
    const s = await waitPhase<CardsSnap>(page, ['pick-card']);
    await clickTarget(page, `card:${s.clueCard}`);
    const found = await waitPhase<CardsSnap>(page, ['pick-word']);
    await clickTarget(page, `option:${found.options.findIndex((o) => o.id === s.targetWordId)}`);
    await page.waitForFunction(() => ((window.__game?.snapshot() as { totalScore?: number } | undefined)?.totalScore ?? 0) > 0, undefined, {
      polling: POLL_MS,
    });
    const score = (await snap<CardsSnap>(page)).totalScore;
    expect(score).toBe(10);
    // The run is not over: the header already shows the banked points plus the run's score.
    await expect(chip).toHaveText(`Puntos acumulados: ${before + score}`);
    await expect.poll(read).toBeGreaterThan(before);
    await page.setViewportSize({ width: 768, height: 1024 });
  });
});

test.describe('Registro (/singIn)', () => {
  test('Sexo starts on a disabled empty placeholder; Ya tengo cuenta is a button to the login', async ({ page }) => {
    await page.goto('/singIn');
    const sexo = page.getByRole('combobox', { name: 'Sexo' });
    await expect(sexo).toBeVisible();
    // Nothing chosen yet: the field shows no text (only the label).
    expect(((await sexo.textContent()) ?? '').replace(/[\s\u200b]/g, '')).toBe('');
    await sexo.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(3);
    await expect(options.nth(0)).toHaveAttribute('aria-disabled', 'true');
    expect(((await options.nth(0).textContent()) ?? '').trim()).toBe('');
    await expect(options.nth(1)).toHaveText('Niño');
    await expect(options.nth(2)).toHaveText('Niña');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);

    await expect(page.getByRole('link', { name: 'Ya tengo cuenta' })).toHaveCount(0);
    const yaTengo = page.getByRole('button', { name: 'Ya tengo cuenta' });
    await expect(yaTengo).toBeVisible();
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await yaTengo.click();
    await expect(page).toHaveURL(/\/logIn$/);
  });
});

/** The src of the navbar's avatar picture (null when it shows a letter). */
async function navbarAvatar(page: Page): Promise<string | null> {
  const img = page.getByTestId('navbar-user').locator('img');
  if ((await img.count()) === 0) return null;
  return img.getAttribute('src');
}

test.describe('Avatar de la barra', () => {
  test('the navbar shows the very picture the child chose in the profile', async ({ page }) => {
    await signUpChild(page); // signs up with the girl avatar
    await page.goto('/home');
    await expect(page.getByTestId('navbar-user')).toContainText('Lía');
    await expect.poll(() => navbarAvatar(page)).toBe('/img/avatar-girl.svg');
    await expect(page.getByTestId('navbar-user').locator('img')).toHaveJSProperty('complete', true);
    expect(
      await page
        .getByTestId('navbar-user')
        .locator('img')
        .evaluate((i: HTMLImageElement) => i.naturalWidth),
    ).toBeGreaterThan(0);

    await page.goto('/perfil');
    const chosen = async () =>
      page
        .locator('label', { has: page.getByLabel('Avatar Niña') })
        .locator('img')
        .getAttribute('src');
    expect(await chosen()).toBe('/img/avatar-girl.svg');
    await page.getByLabel('Avatar Niño').check({ force: true });
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('Perfil actualizado correctamente');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    const boyPicture = await page
      .locator('label', { has: page.getByLabel('Avatar Niño') })
      .locator('img')
      .getAttribute('src');
    // The spec's link (the classes section at the bottom of /perfil has one too).
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => navbarAvatar(page)).toBe(boyPicture);
    await page.setViewportSize({ width: 768, height: 1024 });
  });
});

/** Whether box a and box b overlap. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('Ilustración del perfil', () => {
  for (const vp of [
    { width: 768, height: 1024 },
    { width: 1280, height: 800 },
    { width: 1100, height: 800 },
  ]) {
    test(`the children illustration is whole and not behind the card at ${vp.width}×${vp.height}`, async ({ page }) => {
      await page.setViewportSize(vp);
      await loginAs(page, 'nina');
      await page.goto('/perfil');
      await expect(page.getByLabel('Correo electrónico')).toHaveValue('nina@manitas.test');
      const pics = page.locator('img[data-decorative="ninos"]').filter({ visible: true });
      await expect(pics).toHaveCount(1);
      const pic = pics.first();
      await expect(pic).toHaveJSProperty('complete', true);
      await pic.scrollIntoViewIfNeeded();
      const box = (await pic.boundingBox())!;
      expect(box.width).toBeGreaterThan(100);
      const card = (await page.locator('.MuiPaper-root', { has: page.getByRole('heading', { name: 'Mi perfil' }) }).boundingBox())!;
      const inside = box.x >= card.x && box.y >= card.y && box.x + box.width <= card.x + card.width && box.y + box.height <= card.y + card.height;
      // Either drawn inside the card (above the title) or entirely beside it: never under it.
      expect(inside || !overlaps(box, card), JSON.stringify({ box, card })).toBe(true);
      // Nothing else paints over its middle and its top (the heads).
      for (const [fx, fy] of [
        [0.5, 0.5],
        [0.3, 0.2],
        [0.7, 0.2],
      ] as const) {
        const hit = await page.evaluate(([x, y]) => (document.elementFromPoint(x, y) as HTMLElement | null)?.dataset.decorative ?? null, [
          box.x + box.width * fx,
          box.y + box.height * fy,
        ] as const);
        expect(hit).toBe('ninos');
      }
    });
  }
});

test.describe('Tarjetas de nivel (inicio)', () => {
  for (const vp of [
    { width: 1280, height: 800 },
    { width: 768, height: 1024 },
  ]) {
    test(`a level card keeps its size and place when it takes keyboard focus at ${vp.width}×${vp.height}`, async ({ page }) => {
      await page.setViewportSize(vp);
      await loginAs(page, 'nino');
      await page.goto('/home');
      const cards = page.getByTestId('level-card');
      await expect(cards.first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const list = page.getByRole('list', { name: 'Niveles disponibles' });
      // Tab from the search box, as a child would, through the first two cards' buttons.
      await page.getByRole('searchbox').focus();
      for (const n of [0, 1]) {
        const card = cards.nth(n);
        const start = card.getByRole('button', { name: /^Empezar / });
        await card.scrollIntoViewIfNeeded();
        await expect(card.locator('img').first()).toHaveJSProperty('complete', true);
        const before = (await card.boundingBox())!;
        const imgBefore = (await card.locator('img').first().boundingBox())!;
        const listBefore = (await list.boundingBox())!;
        for (let i = 0; i < 30 && !(await start.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
        await expect(start).toBeFocused();
        await page.waitForTimeout(400); // past any transition
        const after = (await card.boundingBox())!;
        expect(after.height).toBe(before.height);
        expect(after.width).toBe(before.width);
        expect(after.y).toBe(before.y);
        const imgAfter = (await card.locator('img').first().boundingBox())!;
        expect(imgAfter.height).toBe(imgBefore.height);
        expect(imgAfter.y).toBe(imgBefore.y);
        expect((await list.boundingBox())!).toEqual(listBefore);
        // The description fades in over the picture, exactly on it, without sliding.
        const desc = card.locator('.nivel-desc');
        await expect(desc).toHaveCSS('opacity', '1');
        await expect(desc).toHaveCSS('transform', 'none');
        expect((await desc.boundingBox())!).toEqual(imgAfter);
        // The focus is still shown: an outline on the button.
        const style = await start.evaluate((b) => ({ s: getComputedStyle(b).outlineStyle, w: parseFloat(getComputedStyle(b).outlineWidth) }));
        expect(style.s).not.toBe('none');
        expect(style.w).toBeGreaterThanOrEqual(2);
      }
    });
  }
});
