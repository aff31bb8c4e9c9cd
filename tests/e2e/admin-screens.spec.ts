import { test, expect, loginAs, AFTER_ACTION } from './fixtures';

/**
 * Every back-office screen opens for the role that may use it, shows its spec title/columns, and
 * is photographed for review (/tmp/admin-*.png).
 */
const SCREENS: { path: string; text: string | RegExp; shot: string }[] = [
  { path: '/admin/inicio', text: 'Puntaje promedio por nivel', shot: 'inicio' },
  { path: '/admin/usuario', text: 'Lista de Usuarios', shot: 'usuario' },
  { path: '/admin/nivel', text: 'Dificultad', shot: 'nivel' },
  { path: '/admin/nivel/create', text: 'Nuevo nivel', shot: 'nivel-create' },
  { path: '/admin/palabra', text: 'Palabra en Español', shot: 'palabra' },
  { path: '/admin/conten', text: 'Contenidos', shot: 'conten' },
  { path: '/admin/multimedia', text: 'Lista de Multimedia', shot: 'multimedia' },
  { path: '/admin/multimedia/create', text: 'Subir multimedia', shot: 'multimedia-create' },
  { path: '/admin/evaluacion', text: 'Puntaje', shot: 'evaluacion' },
  { path: '/admin/verevaluacion', text: 'Actualizar Preguntas', shot: 'verevaluacion' },
  { path: '/admin/pregunta', text: 'Evaluación ID', shot: 'pregunta' },
  { path: '/admin/pregunta/create', text: 'Nueva pregunta', shot: 'pregunta-create' },
  { path: '/admin/respuesta', text: 'ID Pregunta', shot: 'respuesta' },
  { path: '/admin/respuestas/1', text: 'Respuestas por pregunta', shot: 'respuestas' },
  { path: '/admin/resultados/1', text: 'Resultados del Cuestionario', shot: 'resultados' },
  { path: '/admin/institucion', text: 'Instituciones', shot: 'institucion' },
  { path: '/admin/dominio', text: 'Dominios', shot: 'dominio' },
  { path: '/admin/comentario', text: 'Comentarios', shot: 'comentario' },
  { path: '/admin/progreso', text: 'Progresos de los Usuarios', shot: 'progreso' },
  { path: '/admin/configuracion', text: 'Configuración', shot: 'configuracion' },
];

test('admin: every screen opens with its spec wording', async ({ page }) => {
  await loginAs(page, 'admin');
  const resumen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/resultados/resumen' && r.request().method() === 'GET', AFTER_ACTION);
  for (const [i, s] of SCREENS.entries()) {
    // One app load for the twenty screens: the first is loaded from its address, the others are
    // reached inside the app, as a link in the menu does (the router follows history). A page load
    // of the back office per screen was most of this test's CPU; an address that opens a screen on
    // a fresh load is still proven for every list (admin-lists-tablet), the forms and the rest
    // (admin-a11y loads one of every eight screens, admin-forms-flow and the resource specs theirs).
    if (i === 0) await page.goto(s.path);
    else {
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, s.path);
      await page.waitForURL((u) => u.pathname === s.path);
    }
    await expect(page.getByText(s.text).first(), s.path).toBeVisible();
    if (s.shot === 'inicio') {
      // The figures are what the screen's own call gave: other admin specs add levels and learners
      // meanwhile, so a second read could differ; that the call counts the database is proven by
      // tests/api/resumen.test.ts.
      const d = (await (await resumen).json()).data as { niveles: number; palabras: number; intentos: number; estudiantes: number };
      for (const [label, value] of [
        ['Estudiantes', d.estudiantes],
        ['Niveles', d.niveles],
        ['Palabras', d.palabras],
        ['Intentos', d.intentos],
      ] as const)
        await expect(page.getByTestId(`bar-${label}`)).toHaveText(value.toLocaleString('es-MX'));
    }
  }
});

test('/admin goes to /admin/inicio; the shell has the sidebar, search, name and Cerrar sesión', async ({ page }) => {
  const { token } = await loginAs(page, 'admin');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/inicio$/);
  await expect(page.getByRole('heading', { name: '¡Hola, Andrés!' })).toBeVisible();
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByTestId('admin-user-name')).toHaveText('Andrés');
  for (const name of ['Usuarios', 'Niveles', 'Palabras', 'Multimedia', 'Evaluaciones', 'Preguntas', 'Instituciones', 'Vista de usuario']) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  }
  // Roles only for superadmin.
  await expect(page.getByRole('menuitem', { name: 'Roles' })).toHaveCount(0);
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/user/logout'), AFTER_ACTION);
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/logIn$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  expect((await ended).status()).toBe(200);
  const r = await page.request.get('/api/user/usuarios', { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status()).toBe(401);
});

test('refusals keep the data and say why: wrong image type, delete of a word or level in use', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/nivel/create');
  await page.locator('input[type=file]').setInputFiles('public/demo/palabras/gato/audio-es.mp3');
  await expect(page.getByRole('alert').filter({ hasText: 'Solo se permiten imágenes y GIFs.' })).toBeVisible();

  // A word with media cannot go: the server's message is shown (read from error.message / msg).
  // Oldest first: the demo's words (the list opens newest first, and other specs add words).
  await page.goto('/admin/palabra?sort=id&order=ASC');
  const gato = page.getByRole('row').filter({ hasText: 'Gato' }).first();
  await gato.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog')).toContainText('¿Estás seguro de eliminar esta palabra?');
  const answer = page.waitForResponse((r) => r.request().method() === 'DELETE', AFTER_ACTION);
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, eliminar' }).click();
  const res = await answer;
  const body = await res.json();
  expect(res.status()).toBeGreaterThanOrEqual(400);
  await expect(page.getByRole('alert').filter({ hasText: body.message ?? body.msg })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Gato' }).first()).toBeVisible();

  // A level with words: 'Error al eliminar nivel: {message}'.
  await page.goto('/admin/nivel');
  await page.getByRole('row').filter({ hasText: 'Animales' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('dialog')).toContainText('¿Seguro que deseas eliminar este nivel?');
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Error al eliminar nivel: .+/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Animales' })).toBeVisible();
});
