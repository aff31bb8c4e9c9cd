import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, apiHeaders, signUpChild } from './fixtures';

/**
 * Nothing covers a control on the learner screens ("The sign is the clue"): on every learner screen,
 * at 375, 768, 1024 and 1280 px, online and with the 'Sin conexión' bar shown, no two visible
 * controls share any part of their boxes, and at the top of the page, at its end, and with each
 * control scrolled to the middle of the screen, the control itself is what a tap at its centre and
 * near its corners reaches (document.elementFromPoint) — so no floating button, bar or header lies
 * over it. Also: the first level's 'Empezar' and the word page's 'Siguiente' are in view without
 * scrolling on a tablet (768×1024) and a laptop (1280×800).
 */

const SIZES = [
  [375, 667],
  [768, 1024],
  [1024, 768],
  [1280, 800],
] as const;

type Problem = string;

/**
 * Runs in the page: every problem found at the current size. Controls are what a child can press or
 * type into; a control inside another (a button in a link) is one target, not an overlap.
 */
function findProblems(): Problem[] {
  const SELECTOR = [
    'button',
    'a[href]',
    'input:not([type="hidden"])',
    'select',
    'textarea',
    '[role="button"]',
    '[role="radio"]',
    '[role="checkbox"]',
    '[role="switch"]',
    '[role="tab"]',
    '[role="slider"]',
    '[role="link"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(',');
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} «${(
      el.getAttribute('aria-label') ||
      (el as HTMLElement).innerText ||
      el.getAttribute('placeholder') ||
      ''
    )
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 40)}»`;
  // The part of a box that can be seen: cut by the window and by every ancestor that clips (a carousel).
  const visibleBox = (el: Element) => {
    const r = el.getBoundingClientRect();
    let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
        const c = p.getBoundingClientRect();
        box = { l: Math.max(box.l, c.left), t: Math.max(box.t, c.top), r: Math.min(box.r, c.right), b: Math.min(box.b, c.bottom) };
      }
    }
    return {
      l: Math.max(box.l, 0),
      t: Math.max(box.t, 0),
      r: Math.min(box.r, document.documentElement.clientWidth),
      b: Math.min(box.b, window.innerHeight),
    };
  };
  // A visually hidden input (MUI's slider and switch draw their own thumb around it) is reached
  // through what is drawn for it: its parent.
  const drawn = (el: Element) => {
    const cs = getComputedStyle(el);
    return cs.clip === 'rect(0px, 0px, 0px, 0px)' || cs.clipPath === 'inset(50%)' ? (el.parentElement ?? el) : el;
  };
  const controls = [...new Set([...document.querySelectorAll(SELECTOR)].map(drawn))].filter((el) => {
    if ((el as HTMLElement).closest('[aria-hidden="true"], [inert]')) return false;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  });
  const problems = new Set<Problem>();

  // 1. No two controls share part of their boxes (in page coordinates, what they cover on the page).
  const pageBox = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { l: r.left + scrollX, t: r.top + scrollY, r: r.right + scrollX, b: r.bottom + scrollY };
  };
  const boxes = controls.map(pageBox);
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i]!;
      const b = controls[j]!;
      if (a.contains(b) || b.contains(a)) continue;
      const x = Math.min(boxes[i]!.r, boxes[j]!.r) - Math.max(boxes[i]!.l, boxes[j]!.l);
      const y = Math.min(boxes[i]!.b, boxes[j]!.b) - Math.max(boxes[i]!.t, boxes[j]!.t);
      // More than a border's width: MUI's grouped toggle buttons share their 1 px border on purpose.
      if (x > 1.5 && y > 1.5) problems.add(`${name(a)} y ${name(b)} se solapan`);
    }

  // 2. Each control is on top at its centre and near its corners, where it can be seen.
  const onTop = (el: Element, where: string) => {
    // A disabled control takes no taps (MUI gives it pointer-events: none): nothing to reach.
    if (el.matches(':disabled, [aria-disabled="true"]')) return;
    const v = visibleBox(el);
    if (v.r - v.l < 2 || v.b - v.t < 2) return;
    const r = el.getBoundingClientRect();
    // Rounded corners take no taps outside their curve: the corner points sit inside it.
    const cs = getComputedStyle(el);
    const radius = Math.max(
      ...[cs.borderTopLeftRadius, cs.borderTopRightRadius, cs.borderBottomLeftRadius, cs.borderBottomRightRadius].map((v) => parseFloat(v) || 0),
    );
    const inset = Math.min(Math.max(3, radius * 0.35 + 3), r.width / 2 - 1, r.height / 2 - 1);
    const points = [
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
    ];
    for (const [x, y] of points) {
      if (x! < v.l || x! > v.r || y! < v.t || y! > v.b) continue;
      const hit = document.elementFromPoint(x!, y!);
      if (!hit || el.contains(hit)) continue;
      // A label sends its tap to its control.
      const label = hit.closest('label');
      if (label && (label.control === el || label.contains(el))) continue;
      problems.add(`${name(el)} tapado por ${name(hit)} (${where}, ${Math.round(x!)},${Math.round(y!)})`);
      return;
    }
  };
  const topOf = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  topOf();
  controls.forEach((el) => onTop(el, 'arriba'));
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  controls.forEach((el) => onTop(el, 'al final'));
  for (const el of controls) {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    onTop(el, 'en el centro');
  }
  topOf();
  return [...problems];
}

/** The page's controls checked at every size (back to the first size after). */
async function checkAllSizes(page: Page, screen: string, online: boolean) {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    // The pointer off any control (no tooltip over the page), and the layout settled after the resize.
    await page.mouse.move(0, 0);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const problems = await page.evaluate(findProblems);
    // Soft: one run lists every screen and size that fails, not only the first.
    expect.soft(problems, `${screen} a ${width}×${height} ${online ? 'con conexión' : 'sin conexión'}`).toEqual([]);
  }
}

/** Loads a screen once; checks it online at every size, then with the 'Sin conexión' bar shown. */
async function checkScreen(page: Page, context: BrowserContext, screen: string, path: string, ready: (p: Page) => Promise<void>) {
  await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
  await page.goto(path);
  await ready(page);
  await checkAllSizes(page, screen, true);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await checkAllSizes(page, screen, false);
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
}

/** Fully inside the window at the top of the page, and the thing a tap at its centre reaches. */
async function inViewWithoutScrolling(page: Page, what: string, locate: (p: Page) => ReturnType<Page['getByRole']>) {
  for (const [width, height] of [
    [768, 1024],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
    const el = locate(page);
    await expect(el).toBeVisible();
    const box = (await el.boundingBox())!;
    expect(box.y, `${what} a ${width}×${height}: arriba`).toBeGreaterThanOrEqual(0);
    expect
      .soft(box.y + box.height, `${what} a ${width}×${height}: ${Math.round(box.y)}–${Math.round(box.y + box.height)} en una ventana de ${height}`)
      .toBeLessThanOrEqual(height);
    expect(box.x + box.width, `${what} a ${width}×${height}: a la derecha`).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => window.scrollY), 'sin desplazar la página').toBe(0);
  }
}

test('no control is covered or overlapped on any learner screen, 375–1280 px, online and offline', async ({ page, context }) => {
  await signUpChild(page);
  const headers = await apiHeaders(page);
  const levels = (await (await page.request.get('/api/nivel/getNivels', { headers })).json()) as { data: { id_nivel: number; nombre_nivel: string }[] };
  const animales = levels.data.find((l) => l.nombre_nivel === 'Animales')!;
  expect(animales, 'the demo level Animales').toBeTruthy();
  const words = (await (await page.request.get(`/api/palabra/nivel/${animales.id_nivel}`, { headers })).json()) as { id_palabra: number }[];
  expect(words.length).toBeGreaterThan(2);

  await checkScreen(page, context, 'Inicio', '/home', async (p) => {
    await expect(p.getByTestId('level-card').first()).toBeVisible();
    await expect(p.getByTestId('review-card')).not.toHaveAttribute('data-state', 'loading');
  });
  await inViewWithoutScrolling(page, "El primer 'Empezar'", (p) =>
    p
      .getByTestId('level-card')
      .first()
      .getByRole('button', { name: /^Empezar / }),
  );

  await checkScreen(page, context, 'Menú del nivel', `/supmenu/${animales.id_nivel}`, async (p) => {
    await expect(p.getByTestId('word-card')).toHaveCount(words.length);
  });

  // The word page (its visit marks the word seen: the review below has items).
  await checkScreen(page, context, 'Palabra', `/menuletra/${animales.id_nivel}/${words[0]!.id_palabra}`, async (p) => {
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(p.getByRole('region', { name: 'Seña' }).getByTestId('sign-player')).toBeVisible();
  });
  await inViewWithoutScrolling(page, "'Siguiente' de la palabra", (p) => p.getByRole('button', { name: 'Siguiente' }));
  // A second word seen, so the review has two words and three choices to draw.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(new RegExp(`/menuletra/${animales.id_nivel}/${words[1]!.id_palabra}$`));

  await checkScreen(page, context, 'Cuestionario', `/cuestionario/${animales.id_nivel}`, async (p) => {
    await expect(p.getByRole('heading', { name: 'Hora del Cuestionario' })).toBeVisible();
    await expect(p.getByText('Cargando preguntas...')).toHaveCount(0);
  });

  // The review with a '¿Cuál es la seña de…?' item first (a new child's items are sign → word).
  await page.route('**/api/repaso/sesion', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    body.data = body.data.map((it: { tipo: string }, i: number) => (i === 0 ? { ...it, tipo: 'palabra_a_sena' } : it));
    await route.fulfill({ response: res, json: body });
  });
  await checkScreen(page, context, 'Repaso', '/home/repaso', async (p) => {
    await expect(p.getByTestId('review-choice')).toHaveCount(3);
    await expect(p.getByTestId('review-choice-tile').first().getByTestId('sign-player')).toBeVisible();
  });
  await page.unroute('**/api/repaso/sesion');
  await page.evaluate(() => sessionStorage.clear());

  await checkScreen(page, context, 'Juegos', `/juegos/${animales.id_nivel}`, async (p) => {
    await expect(p.getByRole('link', { name: /^Jugar a / }).first()).toBeVisible();
  });
  await checkScreen(page, context, 'Perfil', '/perfil', async (p) => {
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(p.getByRole('button', { name: 'Actualizar Perfil' })).toBeVisible();
  });
  await checkScreen(page, context, 'Mis resultados', '/prueba', async (p) => {
    await expect(p.getByRole('heading', { name: 'Mis resultados' })).toBeVisible();
    await expect(p.getByText('Cargando resultados...')).toHaveCount(0);
  });
  await checkScreen(page, context, 'Menú de nivel (ejemplo)', '/Menunivel', async (p) => {
    await expect(p.getByRole('heading', { name: 'Menú de nivel' })).toBeVisible();
  });
});

test("on a touch tablet (descriptions written out on the cards) the first 'Empezar' is on screen without scrolling", async ({ browser, baseURL }) => {
  for (const [width, height] of [
    [768, 1024],
    [1280, 800],
  ] as const) {
    const ctx = await browser.newContext({ baseURL, viewport: { width, height }, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await signUpChild(page);
    await page.goto('/home');
    const card = page.getByTestId('level-card').first();
    await expect(card.locator('.nivel-desc-touch')).toBeVisible();
    await expect(page.getByTestId('review-card')).not.toHaveAttribute('data-state', 'loading');
    const box = (await card.getByRole('button', { name: /^Empezar / }).boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box.y + box.height, `${width}×${height}: 'Empezar' ${Math.round(box.y)}–${Math.round(box.y + box.height)}`).toBeLessThanOrEqual(height);
    await ctx.close();
  }
});
