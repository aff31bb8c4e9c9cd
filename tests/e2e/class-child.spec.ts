import type { Browser, Page } from '@playwright/test';
import { test, expect, loginAs, apiHeaders, signUpChild, pickOption, DEMO_LEVELS, AFTER_ACTION } from './fixtures';

/**
 * The child's side of classes: joining a class by its code on /perfil or at sign-up, the
 * assigned levels first on /home marked 'Tarea', and a child without an email (created by their
 * teacher) who sees no email field. The class and its assignment are made through the API as the
 * demo profesor would in the back office.
 */

const NO_CLASE = 'No encontramos esa clase. Revisa el código con tu profesor.';
/** A due date this year, so /home writes it without the year. */
const FECHA = `${new Date().getFullYear()}-12-12`;
const SHOTS = process.env.SHOTS_DIR;

interface Clase {
  id_clase: number;
  nombre: string;
  codigo: string;
}

/** As the demo profesor (a context of its own): a new class with one assigned level, dated. */
async function classWithTarea(browser: Browser): Promise<{ clase: Clase; nivel: { id_nivel: number; nombre_nivel: string }; teacher: Page }> {
  const teacher = await (await browser.newContext()).newPage();
  // The institutions list is an admin's; the class itself is made by the profesor.
  await loginAs(teacher, 'admin');
  const inst = (await (await teacher.request.get('/api/institucion/getInstituciones', { headers: await apiHeaders(teacher) })).json()) as {
    data: { id_institucion: number }[];
  };
  expect(inst.data.length, 'a demo institution').toBeGreaterThan(0);
  const { usuario } = await loginAs(teacher, 'profesor');
  const headers = await apiHeaders(teacher);
  const nombre = `Clase ${Math.random().toString(36).slice(2, 7)}`;
  const created = await teacher.request.post('/api/clase/register', {
    headers,
    data: { nombre, id_institucion: inst.data[0]!.id_institucion, profesores: [usuario.id], activa: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const clase = ((await created.json()) as { data: Clase }).data;
  // The last demo level: without the assignment it is never the first card. (Not the list's last:
  // a level another spec adds for a moment may be that one.)
  const levels = ((await (await teacher.request.get('/api/nivel/getNivels', { headers })).json()) as { data: { id_nivel: number; nombre_nivel: string }[] })
    .data;
  const nivel = levels.find((l) => l.nombre_nivel === DEMO_LEVELS[DEMO_LEVELS.length - 1])!;
  expect(nivel, 'the last demo level').toBeTruthy();
  const put = await teacher.request.put(`/api/clase/${clase.id_clase}/tareas`, { headers, data: { tareas: [{ id_nivel: nivel.id_nivel, fecha: FECHA }] } });
  expect(put.status(), await put.text()).toBe(200);
  return { clase, nivel, teacher };
}

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [
    [768, 1024],
    [1280, 800],
    [375, 667],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}x${h}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The first level card is the assigned one, with the 'Tarea' badge in words and its date. */
async function expectTareaFirst(page: Page, nombreNivel: string) {
  await page.goto('/home');
  const first = page.getByTestId('level-card').first();
  await expect(first.getByRole('heading', { name: nombreNivel })).toBeVisible();
  await expect(first.getByTestId('tarea-badge')).toHaveText('Tarea');
  await expect(first.getByTestId('tarea-fecha')).toHaveText('para el 12 de diciembre');
  // Shown from the start of the row, not scrolled away (the snapped row re-snaps when cards move).
  const track = page.getByRole('list', { name: 'Niveles disponibles' });
  const left = async () => ((await first.boundingBox())?.x ?? -1) - ((await track.boundingBox())?.x ?? 0);
  await expect.poll(left).toBeGreaterThanOrEqual(-1);
  // Only the assigned level carries the mark.
  await expect(page.getByTestId('tarea-badge')).toHaveCount(1);
  // The mark lies over the picture: the card is as tall as the next one and its picture starts where the next one's does.
  const second = page.getByTestId('level-card').nth(1);
  const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
  expect(a.height).toBe(b.height);
  const picTop = async (card: typeof first) => (await card.getByRole('img').first().boundingBox())!.y;
  expect(await picTop(first)).toBe(await picTop(second));
  expect((await first.getByTestId('tarea-badge').locator('svg').boundingBox())!.height).toBeGreaterThanOrEqual(32);
}

test.describe('a child in a class', () => {
  test('joins a class by its code on /perfil (a wrong code says so) and finds the assigned level first on /home', async ({ page, browser }) => {
    const { clase, nivel, teacher } = await classWithTarea(browser);
    await signUpChild(page);

    // Before joining: no 'Tarea' on /home, the levels in their usual order.
    await page.goto('/home');
    await expect(page.getByTestId('level-card').first()).toBeVisible();
    await expect(page.getByTestId('tarea-badge')).toHaveCount(0);

    await page.goto('/perfil');
    const section = page.getByTestId('mis-clases');
    await expect(section.getByRole('heading', { name: 'Mis clases' })).toBeVisible();
    await expect(section).toContainText('Todavía no estás en ninguna clase.');
    // The spec's form is still all there.
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('readonly', '');

    const code = section.getByLabel('Código de clase');
    // A code of the right shape that no class has: the server's message, beside the field.
    await code.fill('xyxy-xy');
    await expect(code).toHaveValue('XYXYXY');
    await section.getByRole('button', { name: 'Unirme' }).click();
    await expect(section.getByTestId('unirme-respuesta')).toHaveText(NO_CLASE);
    await expect(section.getByTestId('mi-clase')).toHaveCount(0);

    // The real code, typed in small letters with a dash, as a child may copy it from the board.
    await code.fill(`${clase.codigo.slice(0, 3).toLowerCase()}-${clase.codigo.slice(3).toLowerCase()}`);
    await expect(code).toHaveValue(clase.codigo);
    await section.getByRole('button', { name: 'Unirme' }).click();
    await expect(section.getByTestId('unirme-respuesta')).toHaveClass(/MuiAlert-.*[sS]uccess/);
    await expect(section.getByTestId('unirme-respuesta')).toHaveText(`¡Ya estás en «${clase.nombre}»!`);
    await expect(section.getByTestId('mi-clase')).toHaveText([clase.nombre]);
    // The same code again: told so, nothing doubled.
    await code.fill(clase.codigo);
    await section.getByRole('button', { name: 'Unirme' }).click();
    await expect(section.getByTestId('unirme-respuesta')).toHaveText(`Ya estabas en «${clase.nombre}».`);
    await expect(section.getByTestId('mi-clase')).toHaveText([clase.nombre]);
    await shots(page, 'perfil');

    // After a reload the class is still listed (read from the class's assignments).
    await page.reload();
    await expect(page.getByTestId('mi-clase')).toHaveText([clase.nombre]);

    // One 'Volver al inicio' on /perfil, the spec's (a second one, with the same name, was ambiguous).
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveCount(1);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await expectTareaFirst(page, nivel.nombre_nivel);
    await shots(page, 'home');

    // The teacher sees the child in the class.
    const alumnos = (await (await teacher.request.get(`/api/clase/${clase.id_clase}/alumnos`, { headers: await apiHeaders(teacher) })).json()) as {
      data: { nombre: string }[];
    };
    expect(alumnos.data.map((a) => a.nombre)).toContain('Lía');
    await teacher.context().close();
  });

  test('signs up with a class code: a wrong code creates nothing, the right one joins the class', async ({ page, browser }) => {
    const { clase, nivel, teacher } = await classWithTarea(browser);
    await teacher.context().close();
    const email = `clase.${Math.random().toString(36).slice(2, 8)}@ejemplo.com`;
    await page.goto('/singIn');
    await page.getByLabel('Nombre', { exact: true }).fill('Tomás');
    await page.getByLabel('Apellido').fill('Ruiz');
    await page.getByLabel('Fecha de nacimiento').fill('2017-05-06');
    await page.getByLabel('Credencial').fill('ALU-9');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('arcoiris2026');
    await page.getByLabel('Repetir contraseña').fill('arcoiris2026');
    await page.getByLabel('Celular (opcional)').fill('5512345678');
    await page.getByLabel('Avatar Niño').check({ force: true });
    await pickOption(page, page.getByRole('combobox', { name: 'Sexo' }), 'Niño', 'Sexo');

    const code = page.getByLabel('Código de clase (opcional)');
    await code.fill('XYXYXY');
    await page.getByRole('button', { name: '¡Registrarte!' }).click();
    const modal = page.getByTestId('alert-modal');
    await expect(modal).toContainText(NO_CLASE);
    await expect(modal).toHaveAttribute('data-kind', 'error');
    await modal.getByRole('button', { name: 'Cerrar' }).click();

    // Nothing was created: the same email signs up now, with the right code.
    await code.fill(clase.codigo.toLowerCase());
    await expect(code).toHaveValue(clase.codigo);
    await shots(page, 'singin');
    await page.getByRole('button', { name: '¡Registrarte!' }).click();
    await expect(modal).toContainText('¡Tomás Ruiz, tu usuario ha sido creado exitosamente! 🎉');
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/logIn$/);

    await loginAs(page, { email, password: 'arcoiris2026' });
    await page.goto('/perfil');
    await expect(page.getByTestId('mi-clase')).toHaveText([clase.nombre]);
    await expectTareaFirst(page, nivel.nombre_nivel);
  });

  test('a child created by their teacher without an email sees no email field, and saves the profile', async ({ page, browser }) => {
    const { clase, nivel, teacher } = await classWithTarea(browser);
    const headers = await apiHeaders(teacher);
    // Her surname is this test's own (letters only, as a surname must be): the searches below find her alone.
    const apellido = `Sinco ${Array.from({ length: 8 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('')}`;
    const saved = `${apellido} Paz`;
    const imported = await teacher.request.post(`/api/clase/${clase.id_clase}/importar`, {
      headers,
      data: { filas: [{ nombre: 'Nora', apellido, fechaNacimiento: '2018-04-09', sexo: 'niña' }], guardar: true },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const made = ((await imported.json()) as { data: { id: number; email: string | null; imagenes?: unknown }[] }).data[0]!;
    expect(made.email).toBeNull();
    // No write answers with a picture password: the teacher reads it from the class's children (as on the cards).
    expect(made).not.toHaveProperty('imagenes');
    const listed = await teacher.request.get(`/api/clase/${clase.id_clase}/alumnos`, { headers });
    expect(listed.status(), await listed.text()).toBe(200);
    const nora = ((await listed.json()) as { data: { id: number; email: string | null; imagenes: string[] }[] }).data.find((a) => a.id === made.id)!;
    expect(nora.imagenes.length).toBeGreaterThan(0);
    await teacher.context().close();

    // She enters with the class code and her pictures (the class-code login), as the app stores it.
    await page.goto('/errorPage');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await page.request.post('/api/user/logInClase', {
      headers: { 'X-XSRF-TOKEN': xsrf },
      data: { codigo: clase.codigo, id_usuario: nora.id, imagenes: nora.imagenes },
    });
    expect(login.status(), await login.text()).toBe(200);
    const { token, usuario } = (await login.json()) as { token: string; usuario: { id: number; email: string | null } };
    expect(usuario.email).toBeNull();
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('userRole', 'usuario');
        localStorage.setItem('userId', String(u.id));
      },
      [token, usuario] as const,
    );

    await expectTareaFirst(page, nivel.nombre_nivel);
    await expect(page.locator('body')).not.toContainText('null');
    await shots(page, 'home-sin-correo');

    await page.goto('/perfil');
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Nora');
    await expect(page.getByLabel('Correo electrónico')).toHaveCount(0);
    await expect(page.getByText('El correo no se puede cambiar.')).toHaveCount(0);
    await expect(page.getByTestId('mi-clase')).toHaveText([clase.nombre]);
    await expect(page.locator('body')).not.toContainText('null');
    await shots(page, 'perfil-sin-correo');

    // Saving the profile sends no email (the server keeps none) and succeeds.
    const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/user/${nora.id}`), AFTER_ACTION);
    await page.getByLabel('Apellido').fill(saved);
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    expect(Object.keys((await sent).postDataJSON() as object)).not.toContain('email');
    await expect(page.getByTestId('alert-modal')).toContainText('Perfil actualizado correctamente');

    // The back office shows her without an email: an empty cell in the users list, no "(null)" in
    // the top bar's search.
    const admin = await (await browser.newContext()).newPage();
    await loginAs(admin, 'admin');
    await admin.goto('/admin/usuario');
    await admin.getByRole('textbox', { name: 'Buscar usuarios' }).fill(saved);
    const row = admin.locator('tbody tr').filter({ hasText: 'Nora' });
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText('null');
    // From the home screen (on a list the top bar filters that list instead).
    await admin.goto('/admin');
    await admin.getByRole('textbox', { name: 'Buscar en el panel' }).fill(saved);
    await admin.getByRole('textbox', { name: 'Buscar en el panel' }).press('Enter');
    await expect(admin.locator('[data-search-result]').filter({ hasText: saved }).first()).toBeVisible();
    await expect(admin.locator('#admin-search-results')).not.toContainText('null');
    await admin.context().close();
  });

  test('staff do not see the join section on /perfil', async ({ page }) => {
    await loginAs(page, 'profesor');
    await page.goto('/perfil');
    await expect(page.getByRole('button', { name: 'Actualizar Perfil' })).toBeVisible();
    await expect(page.getByTestId('mis-clases')).toHaveCount(0);
  });
});
