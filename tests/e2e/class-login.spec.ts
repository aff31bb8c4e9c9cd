import type { Browser, Page } from '@playwright/test';
import { test, expect, loginAs, apiHeaders } from './fixtures';
import { pictureLabel, PICTURE_KEYS, type PictureKey } from '../../src/shared/rules/classes';

/**
 * A child without an email logs in with the class code, their name button and
 * their 3 pictures. The class and its 2 children are made through the API as the demo profesor
 * does in the back office (register the class, import a list).
 */

const SHOTS = process.env.SHOTS_DIR;
const NO_CLASE = 'No encontramos esa clase. Revisa el código con tu profesor.';
const CODIGO_INVALIDO = 'El código de clase tiene 6 letras y números.';
const MAL = 'Esas no son tus imágenes. Inténtalo otra vez.';

interface Hijo {
  id: number;
  nombre: string;
  imagenes: PictureKey[];
}

async function classWithTwoChildren(browser: Browser): Promise<{ codigo: string; nombre: string; idClase: number; kids: Hijo[]; teacher: Page }> {
  const teacher = await (await browser.newContext()).newPage();
  await loginAs(teacher, 'admin');
  const inst = (await (await teacher.request.get('/api/institucion/getInstituciones', { headers: await apiHeaders(teacher) })).json()) as {
    data: { id_institucion: number }[];
  };
  const { usuario } = await loginAs(teacher, 'profesor');
  const headers = await apiHeaders(teacher);
  const nombre = `Clase ${Math.random().toString(36).slice(2, 7)}`;
  const created = await teacher.request.post('/api/clase/register', {
    headers,
    data: { nombre, id_institucion: inst.data[0]!.id_institucion, profesores: [usuario.id], activa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clase = ((await created.json()) as { data: { id_clase: number; codigo: string } }).data;
  const imported = await teacher.request.post(`/api/clase/${clase.id_clase}/importar`, {
    headers,
    data: {
      guardar: true,
      filas: [
        { nombre: 'Lucía', apellido: 'Pérez', fechaNacimiento: '2019-04-02', sexo: 'niña' },
        { nombre: 'Mateo', apellido: 'Gómez', fechaNacimiento: '2018-11-20', sexo: 'niño' },
      ],
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  // No write returns a picture password: the teacher reads the children's pictures from the class list.
  expect(await imported.text()).not.toContain('imagenes');
  const listed = await teacher.request.get(`/api/clase/${clase.id_clase}/alumnos`, { headers });
  expect(listed.status(), await listed.text()).toBe(200);
  const kids = ((await listed.json()) as { data: Hijo[] }).data;
  expect(kids).toHaveLength(2);
  return { codigo: clase.codigo, nombre, idClase: clase.id_clase, kids, teacher };
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [
    [768, 1024],
    [1280, 800],
    [1024, 768],
    [375, 667],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const picture = (page: Page, k: PictureKey) => page.getByRole('group', { name: 'Imágenes' }).getByRole('button', { name: pictureLabel(k), exact: true });
/** Three pictures that are not the child's password. */
const wrongFor = (right: PictureKey[]): PictureKey[] => {
  const other = PICTURE_KEYS.find((k) => !right.includes(k))!;
  return [other, other, other];
};

test('a child logs in with the class code, their name and their 3 pictures', async ({ page, browser }) => {
  const c = await classWithTwoChildren(browser);
  const lucia = c.kids.find((k) => k.nombre === 'Lucía')!;

  await page.goto('/logIn');
  const link = page.getByRole('link', { name: 'Entrar con código de clase' });
  await expect(link).toHaveAttribute('href', '/logIn/clase');
  // Right under the spec's 'Entrar', filled and big, with its class picture (the spec's own order is kept).
  const form = page.locator('form');
  await expect(form.getByRole('button', { name: 'Entrar', exact: true }).locator('xpath=following-sibling::*[1]')).toHaveAttribute('href', '/logIn/clase');
  await expect(link).toHaveClass(/MuiButton-contained/);
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(64);
  await expect(link.locator('img[src="/img/clase.svg"]')).toBeVisible();
  await shots(page, 'login');
  await link.click();
  await expect(page).toHaveURL(/\/logIn\/clase$/);
  const input = page.getByRole('textbox', { name: 'Escribe el código de tu clase' });
  await expect(input).toBeFocused();
  // The way back to the email login is a full-size target for a small finger.
  expect((await page.getByRole('link', { name: 'Entrar con correo' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // Focused and correct: the app's blue ring (primary), not the red of an error.
  const ring = () => input.evaluate((el) => getComputedStyle(el).boxShadow);
  expect(await ring()).toContain('rgb(110, 97, 255)');

  // A malformed code, then one that is no class: the messages, clearly shown.
  // Step 1 only finds the class: its button says 'Seguir', not 'Entrar'.
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toHaveCount(0);
  await input.fill('ab');
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(CODIGO_INVALIDO);
  // An error: a big red 'no' picture beside the sentence, and the field's ring turns red.
  expect((await page.getByRole('alert').locator('svg').boundingBox())!.width).toBeGreaterThanOrEqual(48);
  await input.focus();
  expect(await ring()).toContain('rgb(209, 83, 83)');
  await input.fill('YYY-YYY');
  await expect(input).toHaveValue('YYYYYY');
  await page.getByRole('button', { name: 'Seguir', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(NO_CLASE);
  await shots(page, 'paso1-error');

  // As a child types it: lower case, with a space and a dash.
  await input.fill(`${c.codigo.slice(0, 3).toLowerCase()} - ${c.codigo.slice(3).toLowerCase()}`);
  await expect(input).toHaveValue(c.codigo);
  await shots(page, 'paso1');
  await input.press('Enter');

  // Step 2: the class and its children's buttons, by name.
  await expect(page.getByRole('heading', { name: c.nombre })).toBeVisible();
  const names = page.getByRole('list', { name: '¿Quién eres?' }).getByRole('button');
  await expect(names).toHaveText(['Lucía', 'Mateo']);
  // The name buttons are centred in the card (equal room left of the first and right of the last).
  await page.setViewportSize({ width: 768, height: 1024 });
  const list = (await page.getByRole('list', { name: '¿Quién eres?' }).boundingBox())!;
  const [a, b] = [(await names.first().boundingBox())!, (await names.last().boundingBox())!];
  expect(Math.abs(a.x - list.x - (list.x + list.width - (b.x + b.width)))).toBeLessThanOrEqual(12);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shots(page, 'paso2');
  await page.getByRole('button', { name: 'Lucía' }).click();

  // Step 3: a wrong try shows the friendly message and empties the slots.
  await expect(page.getByRole('heading', { name: 'Toca tus 3 imágenes' })).toBeVisible();
  // The empty slots are numbered 1 2 3, as on the printed card.
  await expect(page.getByTestId('slots').locator('[data-filled="false"]')).toHaveText(['1', '2', '3']);
  const gridTop = async () => (await page.getByRole('group', { name: 'Imágenes' }).boundingBox())!.y;
  const top = await gridTop();
  await picture(page, lucia.imagenes[0]!).click();
  await expect(page.getByTestId('slots').locator('[data-filled="true"]')).toHaveCount(1);
  await shots(page, 'paso3');
  // 'Borrar' takes the last one back.
  await page.getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByTestId('slots').locator('[data-filled="true"]')).toHaveCount(0);
  for (const k of wrongFor(lucia.imagenes)) await picture(page, k).click();
  await expect(page.getByRole('alert')).toHaveText(MAL);
  await expect(page.getByTestId('slots').locator('[data-filled="true"]')).toHaveCount(0);
  // The message takes its reserved place: the pictures did not move under the child's finger.
  expect(await gridTop()).toBe(top);
  expect((await page.getByRole('alert').locator('svg').boundingBox())!.width).toBeGreaterThanOrEqual(48);
  await shots(page, 'paso3-error');
  await expect(page).toHaveURL(/\/logIn\/clase$/);

  // The right pictures, in order: signed in as the email login signs in, on /home.
  for (const k of lucia.imagenes) await picture(page, k).click();
  await expect(page).toHaveURL(/\/home$/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    userId: localStorage.getItem('userId'),
    user: JSON.parse(localStorage.getItem('user') ?? 'null') as { nombre: string; email: string | null },
    userRole: localStorage.getItem('userRole'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.userId).toBe(String(lucia.id));
  expect(stored.user).toMatchObject({ nombre: 'Lucía', email: null });
  expect(stored.userRole).toBeTruthy();

  // The tablet remembers the class: the next child starts at the names.
  await page.evaluate(() => {
    for (const k of ['token', 'user', 'userRole', 'userId']) localStorage.removeItem(k);
  });
  await page.goto('/logIn/clase');
  await expect(page.getByRole('heading', { name: c.nombre })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar de clase' })).toBeVisible();

  // Mateo guesses: 3 free tries, then a visible countdown; his teacher can unlock him.
  const mateo = c.kids.find((k) => k.nombre === 'Mateo')!;
  await page.getByRole('button', { name: 'Mateo' }).click();
  for (let i = 0; i < 3; i++) {
    for (const k of wrongFor(mateo.imagenes)) await picture(page, k).click();
    await expect(page.getByRole('alert')).toHaveText(MAL);
    await expect(page.getByTestId('slots').locator('[data-filled="true"]')).toHaveCount(0);
  }
  for (const k of mateo.imagenes) await picture(page, k).click();
  // Over the faded pictures: a big hourglass and the seconds as a big number, 'Espera…', the hint smaller.
  const espera = page.getByTestId('espera');
  await expect(espera).toContainText('Espera…');
  await expect(espera).toContainText('Tu profesor puede desbloquearte.');
  await expect(page.getByRole('alert')).toHaveText('Espera un momento e inténtalo de nuevo. Tu profesor puede desbloquearte.');
  const seconds = espera.getByTestId('espera-segundos');
  await expect(seconds).toHaveText(/^\d+$/);
  expect(Number(await seconds.textContent())).toBeGreaterThan(0);
  expect(await seconds.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(64);
  expect((await espera.locator('svg').boundingBox())!.height).toBeGreaterThanOrEqual(64);
  await expect(picture(page, 'sol')).toBeDisabled();
  await shots(page, 'paso3-espera');
  const un = await c.teacher.request.post(`/api/clase/${c.idClase}/alumnos/${mateo.id}/desbloquear`, { headers: await apiHeaders(c.teacher) });
  expect(un.status()).toBe(200);

  // 'Cambiar de clase' forgets the code.
  await page.goto('/logIn/clase');
  await page.getByRole('button', { name: 'Cambiar de clase' }).click();
  await expect(page.getByRole('textbox', { name: 'Escribe el código de tu clase' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('manitasClaseCodigo'))).toBeNull();
  await c.teacher.context().close();
});
