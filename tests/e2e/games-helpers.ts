/** Helpers for the games' Playwright tests: read `window.__game` (test mode) and act as a child. */
import type { Page } from '@playwright/test';
import { expect, signUpChild } from './fixtures';

export const TEST_FLAG_KEY = 'manitas.gamesTest';
/** Poll on a timer, not on animation frames (software WebGL draws few frames per second). */
export const POLL_MS = 40;

/**
 * Signs up a fresh child (game runs are kept on the server, so the demo child's
 * points grow with every test: a new account starts every test at 0) and turns the games' test
 * mode on (window.__game).
 */
export async function loginForGames(page: Page) {
  // Every caption the page shows, in order (window.__captions), so a test can check a caption
  // even when the game has already moved on.
  await page.addInitScript(() => {
    const w = window as unknown as { __captions: string[] };
    w.__captions = [];
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="game-caption"]')?.textContent ?? '';
      if (text && w.__captions[w.__captions.length - 1] !== text) w.__captions.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await signUpChild(page);
  await page.evaluate((k) => localStorage.setItem(k, '1'), TEST_FLAG_KEY);
}

export async function snap<T = any>(page: Page): Promise<T> {
  const handle = await page.waitForFunction(() => window.__game?.snapshot() ?? null, undefined, { polling: POLL_MS });
  return (await handle.jsonValue()) as T;
}

/**
 * Waits until the scene's phase is one of `phases`; returns the snapshot. When it times out, the
 * error says where the game was instead: its phases with their times, whether it was paused, the
 * page's address and any dialog, so a failure seen only in CI can be read from its log.
 */
export async function waitPhase<T = any>(page: Page, phases: string[], timeout = 15_000): Promise<T> {
  try {
    const handle = await page.waitForFunction(
      (ps) => {
        const s = window.__game?.snapshot() as { phase?: string } | undefined;
        return s && ps.includes(s.phase ?? '') ? s : null;
      },
      phases,
      { timeout, polling: POLL_MS },
    );
    return (await handle.jsonValue()) as T;
  } catch (err) {
    const where = await page
      .evaluate(() => {
        const g = window.__game;
        const log = g?.phases() ?? [];
        const t0 = log[0]?.at ?? 0;
        return {
          url: location.pathname + location.search,
          hooks: Boolean(g),
          phases: log.slice(-8).map((p) => `${p.phase}@${p.at - t0}ms`),
          sinceLast: log.length ? Date.now() - log[log.length - 1].at : null,
          pausePanel: Boolean(document.querySelector('[data-testid="game-pause"]')),
          dialog: document.querySelector('[role="dialog"]')?.textContent?.slice(0, 120) ?? null,
          online: navigator.onLine,
          visibility: document.visibilityState,
        };
      })
      .catch((e: Error) => ({ unreadable: e.message }));
    throw new Error(`waitPhase(${phases.join('|')}): ${(err as Error).message.split('\n')[0]}\n  the game instead: ${JSON.stringify(where)}`);
  }
}

/** Page coordinates of a named canvas target (key:A, tile:0, card:1, option:2, button:start...). */
export async function pointOf(page: Page, name: string): Promise<{ x: number; y: number }> {
  const handle = await page.waitForFunction((n) => window.__game?.point(n) ?? null, name, { polling: POLL_MS });
  return (await handle.jsonValue()) as { x: number; y: number };
}

/** Clicks a canvas target with the mouse, where a child would. */
export async function clickTarget(page: Page, name: string) {
  const p = await pointOf(page, name);
  await page.mouse.click(p.x, p.y);
}

/** Taps a canvas target on a touch screen. */
export async function tapTarget(page: Page, name: string) {
  const p = await pointOf(page, name);
  await page.touchscreen.tap(p.x, p.y);
}

/** Opens a game page and waits for its scene. */
export async function openGame(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByTestId('game-stage')).toBeVisible({ timeout: 30_000 });
  await waitPhase(page, ['instructions']);
}

/** Waits until some caption shown so far contains `text`. */
export async function expectCaption(page: Page, text: string) {
  await expect
    .poll(async () => (await page.evaluate(() => (window as unknown as { __captions: string[] }).__captions)).some((c) => c.includes(text)), {
      message: `caption «${text}»`,
    })
    .toBe(true);
}

/** Milliseconds the scene stayed in `phase` the last time it left it (from the scene's phase log). */
export async function lastPauseOf(page: Page, phase: string): Promise<number> {
  const log = await page.evaluate(() => window.__game!.phases());
  for (let i = log.length - 2; i >= 0; i--) {
    if (log[i]!.phase === phase) return log[i + 1]!.at - log[i]!.at;
  }
  throw new Error(`phase ${phase} not left yet`);
}

/** Waits until the scene has entered `phase` (even if it already left it); returns that snapshot. */
export async function waitLogged<T = any>(page: Page, phase: string, timeout = 15_000): Promise<T> {
  const handle = await page.waitForFunction((p) => window.__game?.phases().find((e) => e.phase === p)?.state ?? null, phase, { timeout, polling: POLL_MS });
  return (await handle.jsonValue()) as T;
}

/** How many times the scene has entered `phase` so far (from its phase log). */
export async function phaseCount(page: Page, phase: string): Promise<number> {
  return page.evaluate((p) => window.__game!.phases().filter((e) => e.phase === p).length, phase);
}

/**
 * Waits until the scene enters `phase` once more than `countBefore` times (the action sent before
 * this call reached the game) and returns the state it had then, even if it has already moved on.
 * Fails within `timeout` naming what did not happen, instead of reading a state the action has not
 * reached yet (input reaches a scene on its next frame, and software WebGL draws few frames).
 */
export async function waitNewPhase<T = any>(page: Page, phase: string, countBefore: number, what: string, timeout = 10_000): Promise<T> {
  try {
    const handle = await page.waitForFunction(
      ([p, n]) => window.__game?.phases().filter((e) => e.phase === p)[n as number]?.state ?? null,
      [phase, countBefore] as const,
      { timeout, polling: POLL_MS },
    );
    return (await handle.jsonValue()) as T;
  } catch (err) {
    throw new Error(`${what}: the game never entered '${phase}' (${(err as Error).message.split('\n')[0]})`);
  }
}

/**
 * Stops the game's frames (its loop asks for them through requestAnimationFrame), as on a loaded
 * tablet between two frames (the held requests are `window.__held`); the returned function lets
 * them run again.
 */
export async function holdFrames(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const w = window as unknown as { __held: FrameRequestCallback[]; __release: () => void };
    const real = window.requestAnimationFrame.bind(window);
    w.__held = [];
    window.requestAnimationFrame = (cb) => (w.__held.push(cb), 0);
    w.__release = () => {
      window.requestAnimationFrame = real;
      for (const cb of w.__held.splice(0)) real(cb);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __release: () => void }).__release());
}
