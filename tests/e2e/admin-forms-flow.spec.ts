import { test, expect, loginAs, apiHeaders, makeLevel, DEMO_LEVELS, AFTER_ACTION } from './fixtures';
import type { Page } from '@playwright/test';

/** Rows of a list answer (plain array or under `data`/`users`). */
const rowsOf = (body: unknown): Record<string, unknown>[] =>
  Array.isArray(body)
    ? body
    : (((body as { data?: unknown[]; users?: unknown[] }).data ?? (body as { users?: unknown[] }).users ?? []) as Record<string, unknown>[]);

async function getRows(page: Page, path: string) {
  const res = await page.request.get(path, { headers: await apiHeaders(page) });
  expect(res.status(), path).toBe(200);
  return { rows: rowsOf(await res.json()), total: Number(res.headers()['x-total-count'] ?? 0) };
}

/** Types into a searchable picker (react-admin AutocompleteInput) and picks the option. */
async function pick(page: Page, label: string, search: string, option: string | RegExp) {
  const box = page.getByRole('combobox', { name: label });
  // Picked as soon as it shows, the server's answer to the typed text maybe still to come (the list
  // holds still under the press: 'a pick is kept when the search answer redraws…' below).
  await box.fill(search);
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(box).toHaveValue(option);
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

const run = () => Math.random().toString(36).slice(2, 7);

test('Guardar y crear otro: two words in a row, the level kept, the first field focused', async ({ page }) => {
  await loginAs(page, 'admin');
  // A level of its own: the words saved here would otherwise join a demo level, whose word count
  // the learner specs running beside read.
  const own = await makeLevel(page);
  const nivel = own.nombre_nivel;
  const r = run();
  const [w1, w2] = [`Barco ${r}`, `Tren ${r}`];

  await page.goto('/admin/palabra/create');
  const es = page.getByLabel('Palabra en Español');
  await expect(es).toBeFocused();
  await es.fill(w1);
  await page.getByLabel('Palabra en Inglés').fill('Boat');
  await pick(page, 'Nivel', nivel, nivel);
  await page.getByRole('button', { name: 'Guardar y crear otro' }).click();
  await expectToast(page, 'Palabra creada exitosamente.');
  // A blank form again, on the create screen, with the level kept and the focus on the first field.
  await expect(page).toHaveURL(/\/admin\/palabra\/create$/);
  await expect(es).toHaveValue('');
  await expect(page.getByLabel('Palabra en Inglés')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Nivel' })).toHaveValue(nivel);
  await expect(es).toBeFocused();
  await es.fill(w2);
  await page.getByLabel('Palabra en Inglés').fill('Train');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expectToast(page, 'Palabra creada exitosamente.');
  await expect(page).toHaveURL(/\/admin\/palabra$/);

  const words = (await getRows(page, `/api/palabra/getPalabras?q=${encodeURIComponent(r)}&perPage=10`)).rows;
  const idNivel = own.id_nivel;
  expect(words.map((w) => [w.palabraEspanol, w.id_nivel]).sort()).toEqual([
    [w1, idNivel],
    [w2, idNivel],
  ]);
});

test('Contenido: the word picker follows the level, and a word sets its level', async ({ page }) => {
  await loginAs(page, 'admin');
  const niveles = (await getRows(page, '/api/nivel/getNivels')).rows;
  const palabras = (await getRows(page, '/api/palabra/getPalabras?perPage=500')).rows;
  // Two demo levels with words (another spec's level may be deleted while this one runs).
  const withWords = niveles.filter((n) => (DEMO_LEVELS as readonly unknown[]).includes(n.nombre_nivel) && palabras.some((p) => p.id_nivel === n.id_nivel));
  expect(withWords.length).toBeGreaterThanOrEqual(2);
  const [a, b] = withWords;
  const wordOfA = palabras.find((p) => p.id_nivel === a.id_nivel)!;
  const wordOfB = palabras.find((p) => p.id_nivel === b.id_nivel)!;

  await page.goto('/admin/conten/create');
  await expect(page.getByRole('combobox', { name: 'Tipo' })).toBeFocused();
  await pick(page, 'Nivel', String(a.nombre_nivel), String(a.nombre_nivel));
  const palabra = page.getByRole('combobox', { name: 'Palabra (opcional)' });
  await palabra.click();
  await expect(page.getByRole('option', { name: String(wordOfA.palabraEspanol), exact: true })).toBeVisible();
  // Every option is a word of level A; searching for a word of level B finds nothing.
  const shown = await page.getByRole('option').allTextContents();
  const ofA = new Set(palabras.filter((p) => p.id_nivel === a.id_nivel).map((p) => String(p.palabraEspanol)));
  expect(shown.every((t) => ofA.has(t))).toBe(true);
  await palabra.fill(String(wordOfB.palabraEspanol));
  await expect(page.getByText('Sin resultados.')).toBeVisible();
  await palabra.press('Escape');

  // A fresh form: no level yet, words grouped by level; choosing a word of B sets level B.
  await page.goto('/admin/palabra');
  await page.goto('/admin/conten/create');
  await pick(page, 'Palabra (opcional)', String(wordOfB.palabraEspanol), String(wordOfB.palabraEspanol));
  await expect(page.getByRole('combobox', { name: 'Nivel' })).toHaveValue(String(b.nombre_nivel));
});

test('a pick is kept when the search answer redraws the list between the press and the release', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/palabra/create');
  const box = page.getByRole('combobox', { name: 'Nivel' });
  const list = page.getByRole('listbox');
  // The third demo level: listed third before the search answers, first once it has.
  const name = DEMO_LEVELS[2];
  // The server's answer to the typed text waits until the option is pressed.
  let answer!: () => void;
  const pressed = new Promise<void>((go) => (answer = go));
  await page.route(
    (url) => url.pathname.startsWith('/api/') && url.searchParams.get('q') === name,
    async (route) => {
      await pressed;
      await route.continue();
    },
  );
  const option = list.getByRole('option', { name, exact: true });
  // The form's first list of levels has come (the list opened by a tap shows it). Typed before it
  // came, as a busy machine did in run 29, the text's search is the first answer the list waits
  // for, and that one is held below: the list said only "Cargando…" and there was nothing to press.
  await box.click();
  await expect(option).toBeVisible();
  await box.fill(name);
  await expect(option).toBeVisible();
  expect(await list.getByRole('option').count(), 'the list before the answer holds every level').toBeGreaterThanOrEqual(DEMO_LEVELS.length);
  const at = (await option.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await page.mouse.down();
  const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === name, AFTER_ACTION);
  answer();
  expect((await answered).ok()).toBe(true);
  // Time for the answer to be drawn, were it drawn under the press (it moved the option to the top).
  await page.waitForTimeout(600);
  await page.mouse.up();
  await expect(list, 'a pick closes the list').toBeHidden();
  // Leaving the field keeps a picked level's name (an unpicked text is cleared).
  await page.keyboard.press('Tab');
  await expect(box).toHaveValue(name);
  // The hold ended with the press: the next search's answer is drawn.
  await box.fill(DEMO_LEVELS[1]);
  await expect(list.getByRole('option')).toHaveText([DEMO_LEVELS[1]]);
});

test('a pick is kept when the list was scrolled down to it: the press does not scroll the list back', async ({ page }) => {
  await loginAs(page, 'admin');
  const headers = await apiHeaders(page);
  const run = Math.random().toString(36).slice(2, 7);
  const levels = [];
  for (let i = 1; i <= 12; i++) levels.push(await makeLevel(page, `Lista ${run} ${String(i).padStart(2, '0')}`));
  try {
    const box = page.getByRole('combobox', { name: 'Nivel' });
    const list = page.getByRole('listbox');
    // Twice, the last row then the one above it, each on a new form (nothing picked yet, no answer
    // kept from before that could redraw the list after it is measured).
    for (const row of ['12', '11']) {
      await page.goto('/admin/palabra/create');
      await box.fill(`Lista ${run}`);
      // The search's answer drawn (the list before it starts with the demo levels).
      await expect(list.getByRole('option').first()).toHaveText(`Lista ${run} 01`);
      // Taller than its box: the row is reached by scrolling the list, with the wheel.
      expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await list.hover();
      await page.mouse.wheel(0, 2000);
      await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      // It stays where it was scrolled (react-admin redraws the input a second after typing; that
      // redraw scrolled it back to the top).
      await page.waitForTimeout(1200);
      expect(await list.evaluate((el) => el.scrollTop), 'the list stays scrolled down').toBeGreaterThan(0);
      const name = `Lista ${run} ${row}`;
      const at = (await list.getByRole('option', { name, exact: true }).boundingBox())!;
      await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
      // A tap. A redraw caused by the press itself came before the release (React draws a press's
      // state change at once), and MUI's first redraw after the list changed scrolls it back to the
      // top: the release fell on another row and nothing was picked.
      await page.mouse.down();
      await page.mouse.up();
      await expect(list, `a pick of row ${row} closes the list`).toBeHidden();
      await expect(box).toHaveValue(name);
    }
  } finally {
    for (const l of levels) await page.request.delete(`/api/nivel/delete/${l.id_nivel}`, { headers });
  }
});

test('Multimedia: Descripción follows Tipo and sets it', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/multimedia/create');
  const tipo = page.getByRole('combobox', { name: 'Tipo' });
  const desc = page.getByRole('combobox', { name: 'Descripción' });
  await expect(tipo).toBeFocused();
  await tipo.click();
  await page.getByRole('option', { name: 'audio', exact: true }).click();
  await expect(tipo).toHaveText('audio');
  await desc.click();
  await expect(page.getByRole('option')).toHaveText(['audioEspanol', 'audioIngles']);
  await page.keyboard.press('Escape');
  await page.goto('/admin/multimedia');
  await page.goto('/admin/multimedia/create');
  // No tipo yet: every descripción; choosing one sets its tipo.
  await desc.click();
  await expect(page.getByRole('option')).toHaveCount(6);
  await page.getByRole('option', { name: 'imgIngles', exact: true }).click();
  await expect(tipo).toHaveText('imagen');
  // A tipo that no longer fits clears the descripción.
  await tipo.click();
  await page.getByRole('option', { name: 'audio', exact: true }).click();
  await expect(desc).not.toHaveText('imgIngles');
});

test('Rol: the user picker finds a user beyond the first 500 by typing', async ({ page }) => {
  await loginAs(page, 'superadmin');
  const r = run();
  // Enough users that the last one is past the old 500-row cap (registered through the API).
  const { total } = await getRows(page, '/api/user/usuarios?page=1&perPage=1');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const register = async (nombre: string, i: number) => {
    const res = await page.request.post('/api/user/register', {
      data: {
        nombre,
        apellido: 'Relleno',
        fechaNacimiento: '2016-01-01',
        email: `relleno-${r}-${i}@manitas.test`,
        password: 'Clave-prueba-1',
        avatar: 'boy',
        sexo: 'niño',
        phone: '5512345678',
        Credential: 'P-1',
        photo: null,
      },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  };
  const missing = Math.max(0, 501 - total);
  for (let i = 0; i < missing; i += 10) await Promise.all(Array.from({ length: Math.min(10, missing - i) }, (_, k) => register('Aarón', i + k)));
  const last = `Zacarías${r}`;
  await register(last, 9999);
  const after = await getRows(page, '/api/user/usuarios?page=1&perPage=500&sort=id&order=ASC');
  expect(after.total).toBeGreaterThan(500);
  expect(after.rows.some((u) => u.nombre === last)).toBe(false); // not in the first 500

  await page.goto('/admin/rol/create');
  await expect(page.getByRole('combobox', { name: 'Rol' })).toBeFocused();
  await pick(page, 'Usuario', last, new RegExp(`^${last} Relleno`));
});

test('leaving a half-filled form asks first; Cancelar keeps it', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/institucion/create');
  const nombre = page.getByRole('textbox', { name: /^Nombre\W*$/ });
  await expect(nombre).toBeFocused();
  await nombre.fill('Escuela a medias');
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect.poll(() => asked).toEqual(['Hay cambios sin guardar. ¿Salir sin guardar?']);
  await expect(page).toHaveURL(/\/admin\/institucion\/create$/);
  await expect(nombre).toHaveValue('Escuela a medias');
  // Accepting leaves.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/admin\/institucion$/);
  // The list is on screen (the form, and its leave guard, are gone) before the next visit.
  await expect(page.getByRole('button', { name: 'Guardar', exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Crear' }).first()).toBeVisible();
  // An untouched form leaves without asking.
  let askedAgain = false;
  page.on('dialog', (d) => {
    askedAgain = true;
    void d.dismiss();
  });
  await page.goto('/admin/institucion/create');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/admin\/institucion$/);
  expect(askedAgain).toBe(false);
});

test('the multimedia edit form previews the current file', async ({ page }) => {
  await loginAs(page, 'admin');
  const media = (await getRows(page, '/api/multimedia/getMultimedias?perPage=200')).rows;
  const gif = media.find((m) => m.tipo === 'gif')!;
  const audio = media.find((m) => m.tipo === 'audio')!;
  expect(gif && audio).toBeTruthy();

  await page.goto(`/admin/multimedia/${gif.id}`);
  await expect(page.getByRole('combobox', { name: 'Tipo' })).toBeFocused();
  const fig = page.getByRole('figure');
  await expect(fig).toContainText('Archivo actual (gif');
  const img = fig.getByRole('img', { name: 'Archivo actual' });
  await expect(img).toHaveAttribute('src', `/${String(gif.url)}`);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  await page.goto(`/admin/multimedia/${audio.id}`);
  const player = page.getByRole('figure').locator('audio');
  await expect(player).toHaveAttribute('src', `/${String(audio.url)}`);
  await expect(player).toHaveAttribute('controls', '');
});
