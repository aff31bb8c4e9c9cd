/**
 * The teacher's class screens (back office): a profesor creates a class (only themself as
 * teacher), imports 5 children from a CSV file (';', accents) after one bad row has shown its error
 * and imported nothing, sees and resets picture passwords, and prints the login cards; a profesor of
 * another class is refused; an admin sees the class.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, apiHeaders, loginAs, pickOption, DEMO_PASSWORD, axe, AFTER_ACTION } from './fixtures';
import { CLASE_MSG } from '../../src/shared/resources/clases';

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots-D21';

/** Kept under .tmp when SHOTS=1 (to look at), attached to the report either way. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.SHOTS) return;
  const path = `${SHOTS}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** axe finds no serious or critical violation (as tests/e2e/admin-a11y.spec.ts for the other screens). */
async function axeClean(page: Page, label: string) {
  // A toast or dialog still fading in has blended colours: axe would measure a contrast nobody sees.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const results = await axe(page).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect.soft(bad, `${label}: axe serious/critical violations`).toEqual([]);
}

/** The same screen at the tablet and the laptop sizes (each checked for sideways scrolling and by axe). */
async function bothSizes(page: Page, testInfo: TestInfo, name: string) {
  for (const [w, h] of [
    [768, 1024],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await axeClean(page, `${name} ${w}`);
    await shot(page, testInfo, `${name}-${w}`);
  }
}

const HEADER = 'Nombre;Apellido;Fecha de nacimiento;Sexo';
const ROWS = [
  'Ximena;Núñez Peña;14/03/2017;niña',
  'Bautista;Gómez;02/09/2016;niño',
  'Sofía;Martínez;{fecha};niña',
  'Iñaki;Ruiz;2017-01-20;niño',
  'Valentina;Ibáñez;05/11/2016;F',
];
/** The CSV a teacher saves from Spanish Excel: BOM, ';', CRLF, accents. */
const csv = (fechaSofia: string) => Buffer.from(`\uFEFF${[HEADER, ...ROWS.map((r) => r.replace('{fecha}', fechaSofia))].join('\r\n')}\r\n`, 'utf8');

test('a profesor creates a class, imports 5 children from a CSV, manages their pictures and prints their cards; others are refused', async ({
  page,
}, testInfo) => {
  // The longest story of the suite: 126 s on a good day, past 180 s on a slow one (playwright.config.ts).
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36);
  const institucion = `Escuela Clases ${stamp}`;
  const nombreClase = `3.º B ${stamp}`;

  // --- Setup through the API: an institution, a second profesor, and the demo profesor's first
  // class (made by the admin: a profesor cannot read the institutions list, so they pick among the
  // institutions of their classes).
  const { usuario: paula } = await loginAs(page, 'profesor');
  const otherEmail = `profe-${stamp}@manitas.test`;
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reg = await page.request.post('/api/user/register', {
    data: {
      nombre: 'Óscar',
      apellido: 'Otro',
      fechaNacimiento: '1985-05-05',
      email: otherEmail,
      password: DEMO_PASSWORD,
      avatar: 'boy',
      sexo: 'niño',
      phone: '5512345678',
      Credential: 'P-2',
      photo: null,
    },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(reg.status(), await reg.text()).toBeLessThan(300);
  const brunoEmail = `bruno-${stamp}@manitas.test`;
  const brunoReg = await page.request.post('/api/user/register', {
    data: {
      nombre: 'Bruno',
      apellido: 'Candidato',
      fechaNacimiento: '2016-06-06',
      email: brunoEmail,
      password: DEMO_PASSWORD,
      avatar: 'boy',
      sexo: 'niño',
      phone: '5512345678',
      Credential: 'A-1',
      photo: null,
    },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(brunoReg.status(), await brunoReg.text()).toBeLessThan(300);
  await loginAs(page, 'superadmin');
  let headers = await apiHeaders(page);
  const inst = await page.request.post('/api/institucion/register', { headers, data: { nombre: institucion } });
  expect(inst.status(), await inst.text()).toBeLessThan(300);
  const idInstitucion = Number((await inst.json()).data?.id_institucion ?? (await inst.json()).id_institucion);
  const users = (await (await page.request.get(`/api/user/usuarios?q=${encodeURIComponent(otherEmail)}`, { headers })).json()).users as { id: number }[];
  const other = users[0]!;
  const rol = await page.request.post('/api/rol/register', { headers, data: { nombre: 'profesor', descripcion: '', idUsuario: other.id } });
  expect(rol.status(), await rol.text()).toBeLessThan(300);
  const first = await page.request.post('/api/clase/register', {
    headers,
    data: { nombre: `Primera ${stamp}`, id_institucion: idInstitucion, profesores: [paula.id], activa: true },
  });
  expect(first.status(), await first.text()).toBeLessThan(300);

  // --- The profesor creates a class from the sidebar: only themself as teacher.
  await loginAs(page, 'profesor');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/inicio');
  await page.getByRole('menuitem', { name: 'Clases' }).click();
  await expect(page).toHaveURL(/\/admin\/clases(\?.*)?$/);
  await expect(page.getByText(`Primera ${stamp}`)).toBeVisible();
  await bothSizes(page, testInfo, 'lista-profesor');
  await page.goto('/admin/clases/create');
  await expect(page.getByTestId('profesores-fijos')).toHaveText('Paula Profesora');
  await page.getByRole('textbox', { name: /^Nombre\W*$/ }).fill(nombreClase);
  await pickOption(page, page.getByRole('combobox', { name: 'Institución' }), institucion, 'instituciones');
  await bothSizes(page, testInfo, 'formulario-profesor');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Clase creada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/clases\/\d+\/alumnos$/);
  const idClase = Number(/clases\/(\d+)\/alumnos/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: `Alumnos · ${nombreClase}` })).toBeVisible();
  const codigo = (await page.getByTestId('codigo-clase').innerText()).trim();
  expect(codigo).toMatch(/^[ACEFHJKMNPRTUVWXY34679]{6}$/);
  headers = await apiHeaders(page);
  const clase = (await (await page.request.get(`/api/clase/getClase/${idClase}`, { headers })).json()).data;
  expect(clase.profesores).toEqual([paula.id]);

  // --- Import from a CSV file: one bad date first — its error beside the field, nothing to import.
  await page.getByRole('button', { name: 'Importar alumnos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar alumnos' });
  await dialog.getByTestId('archivo-csv').setInputFiles({ name: 'alumnos.csv', mimeType: 'text/csv', buffer: csv('31/02/2017') });
  await expect(dialog.getByText('Archivo: alumnos.csv')).toBeVisible();
  const bad = dialog.getByTestId('fila-3');
  await expect(bad).toHaveAttribute('data-error', 'true');
  await expect(bad.getByTestId('error-campo')).toHaveText('Esa fecha no existe.');
  // Rows are numbered by their line in the file (the header is line 1), and the summary names the bad ones.
  await expect(bad.getByTestId('linea')).toHaveText('4');
  await expect(dialog.getByTestId('resumen-importacion')).toContainText('(Línea 4)');
  await expect(dialog.getByRole('button', { name: 'Comprobar de nuevo' })).toBeVisible();
  await expect(dialog.getByTestId('fila-1')).toHaveAttribute('data-error', 'false');
  await expect(dialog.getByTestId('fila-1')).toContainText('Núñez Peña');
  await expect(dialog.getByTestId('fila-1')).toContainText('14/03/2017'); // dd/mm/aaaa, not the server's 2017-03-14
  await expect(dialog.getByTestId('fila-1')).not.toContainText('2017-03-14');
  await expect(dialog.getByTestId('resumen-importacion')).toContainText('1 fila tiene errores');
  await expect(dialog.getByRole('button', { name: /^Importar/ })).toBeDisabled();
  await bothSizes(page, testInfo, 'importar-error');
  expect((await (await page.request.get(`/api/clase/${idClase}/alumnos`, { headers })).json()).data).toEqual([]);

  // Fixed file → every row right → 'Importar 5 alumnos'.
  await dialog.getByTestId('archivo-csv').setInputFiles({ name: 'alumnos.csv', mimeType: 'text/csv', buffer: csv('28/02/2017') });
  await expect(dialog.getByTestId('fila-3')).toHaveAttribute('data-error', 'false');
  await expect(dialog.getByTestId('resumen-importacion')).toHaveText('Las 5 filas están bien.');
  await expect(dialog.getByTestId('fila-5')).toContainText('niña');
  await bothSizes(page, testInfo, 'importar-vista-previa');
  await dialog.getByRole('button', { name: 'Importar 5 alumnos' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Se importaron 5 alumnos')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Imprimir tarjetas' })).toBeVisible();

  // --- The children: 5 rows, no email for them, their pictures hidden until 'Ver'.
  const rows = page.getByTestId('alumno');
  await expect(rows).toHaveCount(5);
  await expect(page.getByTestId('alumnos-total')).toHaveText('5 alumnos');
  for (const text of await rows.allInnerTexts()) expect(text).not.toContain('@');
  const ximena = rows.filter({ hasText: 'Ximena Núñez Peña' });
  await expect(ximena).toContainText('Nació el 14/03/2017');
  await expect(ximena.getByTestId('clave-imagenes')).toHaveCount(0);
  await ximena.getByRole('button', { name: 'Ver la clave de Ximena Núñez Peña' }).click();
  await expect(ximena.getByTestId('clave-imagenes').getByRole('img')).toHaveCount(3);
  await bothSizes(page, testInfo, 'alumnos');

  // --- Reset one child's picture password: chosen (Sol, Sol, Sol: never a random one, which has 3
  // different pictures), then a new random one.
  const bautista = rows.filter({ hasText: 'Bautista Gómez' });
  const elegirBtn = bautista.getByRole('button', { name: 'Elegir las imágenes de Bautista Gómez' });
  await expect(elegirBtn).toHaveText('Elegir imágenes');
  expect((await elegirBtn.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect((await bautista.getByRole('button', { name: /^(Ver|Ocultar) la clave/ }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await elegirBtn.click();
  const elegir = page.getByRole('dialog', { name: 'Elegir las imágenes de Bautista' });
  await expect(elegir.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  for (let i = 0; i < 3; i++) await elegir.getByRole('button', { name: 'Sol', exact: true }).click();
  // Repeats are allowed: sol-sol-sol can be saved; 'Empezar de nuevo' clears the three.
  await expect(elegir.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  await elegir.getByRole('button', { name: 'Empezar de nuevo' }).click();
  await expect(elegir.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  for (let i = 0; i < 3; i++) await elegir.getByRole('button', { name: 'Sol', exact: true }).click();
  await expect(elegir.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  await shot(page, testInfo, 'elegir-clave');
  await elegir.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Clave de imágenes cambiada.')).toBeVisible();
  await expect(bautista.getByTestId('clave-imagenes')).toHaveAttribute('aria-label', 'Clave: Sol, Sol, Sol');
  const alumnos = (await (await page.request.get(`/api/clase/${idClase}/alumnos`, { headers })).json()).data as {
    id: number;
    nombre: string;
    imagenes: string[];
  }[];
  expect(alumnos.find((a) => a.nombre === 'Bautista')!.imagenes).toEqual(['sol', 'sol', 'sol']);
  await bautista.getByRole('button', { name: 'Imágenes al azar para Bautista Gómez' }).click();
  await expect(bautista.getByTestId('clave-imagenes')).not.toHaveAttribute('aria-label', 'Clave: Sol, Sol, Sol');
  const nueva = (await (await page.request.get(`/api/clase/${idClase}/alumnos`, { headers })).json()).data.find(
    (a: { nombre: string }) => a.nombre === 'Bautista',
  ).imagenes as string[];
  expect(new Set(nueva).size).toBe(3);

  // --- A wrong picture login counts against the child: the teacher unlocks them; and the class.
  const sofiaId = alumnos.find((a) => a.nombre === 'Sofía')!.id;
  const wrong = await page.request.post('/api/user/logInClase', {
    data: { codigo, id_usuario: sofiaId, imagenes: ['casa', 'casa', 'casa'] },
    headers: { 'X-XSRF-TOKEN': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' },
  });
  expect(wrong.status()).toBe(401);
  await page.reload();
  const sofia = rows.filter({ hasText: 'Sofía Martínez' });
  await expect(sofia).toContainText('1 intento fallido');
  await sofia.getByRole('button', { name: 'Desbloquear a Sofía Martínez' }).click();
  await expect(page.getByText('Alumno desbloqueado.')).toBeVisible();
  await expect(sofia.getByRole('button', { name: 'Desbloquear a Sofía Martínez' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Bautista Gómez' }).getByRole('button', { name: /^Desbloquear/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Desbloquear clase' }).click();
  await expect(page.getByText('Clase desbloqueada.')).toBeVisible();

  // --- 'Agregar alumnos': another person's account is never found by search; it is invited by its
  // exact e-mail and joins only when the child accepts at their next visit to /home.
  await page.getByRole('button', { name: 'Agregar alumnos' }).click();
  const agregar = page.getByRole('dialog', { name: 'Agregar alumnos' });
  await agregar.getByLabel('Buscar alumnos').fill(brunoEmail);
  await expect(agregar.getByText('Sin resultados.')).toBeVisible();
  await agregar.getByLabel('Correo del alumno').fill(brunoEmail);
  await agregar.getByRole('button', { name: 'Invitar', exact: true }).click();
  await expect(page.getByText('Si ese correo es de un alumno, verá la invitación la próxima vez que entre.')).toBeVisible();
  await agregar.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rows).toHaveCount(5);
  const childContext = await page.context().browser()!.newContext();
  const child = await childContext.newPage();
  await loginAs(child, { email: brunoEmail, password: DEMO_PASSWORD });
  await child.goto('/home');
  const invitacion = child.getByRole('dialog', { name: 'Una invitación' });
  await expect(invitacion).toContainText(`La clase «${nombreClase}» de`);
  await expect(invitacion).toContainText('te invita. ¿Quieres unirte?');
  await invitacion.getByRole('button', { name: 'Unirme' }).click();
  await expect(child.getByText(`¡Ya estás en «${nombreClase}»!`)).toBeVisible();
  await childContext.close();
  await page.reload();
  await expect(rows).toHaveCount(6);
  const bruno = rows.filter({ hasText: 'Bruno Candidato' });
  await expect(bruno).toContainText(brunoEmail);
  await bruno.getByRole('button', { name: 'Quitar a Bruno Candidato de la clase' }).click();
  await page.getByRole('button', { name: 'Sí, quitar' }).click();
  await expect(page.getByText('Alumno quitado de la clase.')).toBeVisible();
  await expect(rows).toHaveCount(5);
  // A pasted line (tabs, as from Excel) of a child already in the class: refused beside the row.
  await page.getByRole('button', { name: 'Importar alumnos' }).click();
  const pegar = page.getByRole('dialog', { name: 'Importar alumnos' });
  await pegar.getByLabel('Pega aquí la lista').fill('Ximena\tNúñez Peña\t14/03/2017\tniña\nTeo\tSosa\t03/03/2017\tniño');
  await pegar.getByRole('button', { name: 'Comprobar', exact: true }).click();
  await expect(pegar.getByTestId('fila-1')).toHaveAttribute('data-error', 'true');
  await expect(pegar.getByTestId('fila-1')).toContainText('Ya está en esta clase.');
  await expect(pegar.getByTestId('fila-2')).toHaveAttribute('data-error', 'false');
  await expect(pegar.getByRole('button', { name: /^Importar/ })).toBeDisabled();
  await pegar.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rows).toHaveCount(5);

  await page.getByRole('link', { name: 'Tarjetas' }).click();

  // --- The login cards: 5, each with the code, the name and the 3 pictures numbered with labels.
  await expect(page).toHaveURL(new RegExp(`/admin/clases/${idClase}/tarjetas$`));
  const cards = page.getByTestId('tarjeta');
  await expect(cards).toHaveCount(5);
  for (const code of await page.getByTestId('tarjeta-codigo').allInnerTexts()) expect(code).toBe(codigo);
  const card = cards.filter({ hasText: 'Bautista Gómez' });
  await expect(card.getByRole('img')).toHaveCount(3);
  await expect(card.getByRole('list', { name: 'Mis imágenes, en orden' }).getByRole('listitem')).toHaveText(
    nueva.map(
      (k, i) =>
        new RegExp(
          `^${i + 1}\\s*${{ sol: 'Sol', luna: 'Luna', estrella: 'Estrella', flor: 'Flor', arbol: 'Árbol', pez: 'Pez', gato: 'Gato', coche: 'Coche', casa: 'Casa' }[k]}$`,
        ),
    ),
  );
  await bothSizes(page, testInfo, 'tarjetas');
  // Printing: no sidebar, no top bar, no buttons; the cards two per row.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.RaSidebar-root')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
  expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
  await shot(page, testInfo, 'tarjetas-impresion');
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
  testInfo.annotations.push({ type: 'pdf-pages', description: String(pages) });
  // 5 cards with big pictures: 3 rows over 2 pages, no card ever split between them.
  expect(pages).toBeLessThanOrEqual(2);
  expect(await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).breakInside))).toEqual(Array(5).fill('avoid'));
  await page.emulateMedia({ media: 'screen' });

  // --- Another profesor: the class is not listed, its screens refuse.
  await loginAs(page, { email: otherEmail, password: DEMO_PASSWORD });
  const listed = page.waitForResponse((r) => r.url().includes('/api/clase/getClases'), AFTER_ACTION);
  await page.goto('/admin/clases');
  const seen = (await (await listed).json()).data as { nombre: string }[];
  expect(seen.map((c) => c.nombre)).not.toContain(nombreClase);
  await expect(page.getByRole('heading', { name: 'Clases' })).toBeVisible();
  await expect(page.getByText(nombreClase)).toHaveCount(0);
  await expect(page.getByText('Todavía no tienes clases.')).toBeVisible();
  await shot(page, testInfo, 'lista-otro-profesor');
  for (const path of [`/admin/clases/${idClase}`, `/admin/clases/${idClase}/alumnos`, `/admin/clases/${idClase}/tarjetas`]) {
    await page.goto(path);
    const tarjetas = path.endsWith('/tarjetas');
    await expect(
      page.getByText(tarjetas ? 'Solo los profesores de esta clase y los administradores pueden verlas.' : CLASE_MSG.noEsTuClase),
      path,
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver a las clases' }), path).toHaveAttribute('href', '/admin/clases');
    await shot(page, testInfo, `rechazo-${path.split('/').length}`);
  }

  // --- An admin sees it in the list.
  await loginAs(page, 'admin');
  await page.goto('/admin/clases');
  await page.getByPlaceholder('Buscar clases...').fill(stamp);
  await expect(page.getByText(nombreClase)).toBeVisible();
  // The row's actions: 'Tablero' first; at 1280 'Eliminar' is apart, under 'Editar', never under 'Alumnos'; no sideways scroll.
  const fila = page.getByRole('row').filter({ hasText: nombreClase });
  await expect(fila.getByRole('link', { name: `Tablero de ${nombreClase}` })).toHaveAttribute('href', `/admin/clases/${idClase}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(fila.getByRole('button', { name: /Eliminar/ })).toBeVisible();
  const alumnosBox = (await fila.getByRole('link', { name: `Alumnos de ${nombreClase}` }).boundingBox())!;
  const eliminarBox = (await fila.getByRole('button', { name: /Eliminar/ }).boundingBox())!;
  expect(eliminarBox.x + eliminarBox.width / 2).toBeGreaterThan(alumnosBox.x + alumnosBox.width);
  expect(eliminarBox.y).toBeGreaterThanOrEqual(alumnosBox.y + alumnosBox.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await bothSizes(page, testInfo, 'lista-admin');
  await page.getByText(nombreClase).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clases/${idClase}$`));
  await page.goto(`/admin/clases/${idClase}/editar`);
  await expect(page.getByTestId('codigo-clase')).toHaveText(codigo);
  // Her chip: the name from the class, with her e-mail once the staff list has her (other specs add
  // hundreds of users, so she may not be among the first names the picker loads).
  await expect(page.getByText(/^Paula Profesora( \(profesor@manitas\.test\))?$/)).toBeVisible();
  await bothSizes(page, testInfo, 'formulario-admin');
  // The admin adds a second teacher from the staff (a search; children are never offered).
  await page.getByRole('combobox', { name: 'Profesores' }).fill('Óscar');
  await page.getByRole('option', { name: `Óscar Otro (${otherEmail})` }).click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Clase actualizada correctamente.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/clases/${idClase}$`));
  const updated = (await (await page.request.get(`/api/clase/getClase/${idClase}`, { headers: await apiHeaders(page) })).json()).data;
  expect([...updated.profesores].sort()).toEqual([paula.id, other.id].sort());
  expect(updated.codigo).toBe(codigo);
  // 'Nuevo código': the old code stops working (a class code shared too widely).
  await page.goto(`/admin/clases/${idClase}/editar`);
  await expect(page.getByTestId('codigo-clase')).toHaveText(codigo);
  await page.getByRole('button', { name: 'Nuevo código' }).click();
  await expect(page.getByRole('dialog')).toContainText('Las tarjetas impresas y el código guardado en las tabletas dejarán de servir. ¿Crear un código nuevo?');
  await page.getByRole('button', { name: 'Sí, crear código nuevo' }).click();
  await expect(page.getByText('La clase tiene un código nuevo.')).toBeVisible();
  await expect(page.getByTestId('codigo-clase')).not.toHaveText(codigo);
  const renewed = (await page.getByTestId('codigo-clase').innerText()).trim();
  expect((await (await page.request.get(`/api/clase/getClase/${idClase}`, { headers: await apiHeaders(page) })).json()).data.codigo).toBe(renewed);
  expect((await page.request.get(`/api/clase/codigo/${codigo}`)).status()).toBe(404);
});
