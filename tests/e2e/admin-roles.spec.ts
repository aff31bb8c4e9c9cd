import { test, expect, loginAs, pickOption, registerChild, ORIGIN_PAGE } from './fixtures';

test('profesor sees only inicio, pregunta and evaluacion; other admin routes go to /errorPage', async ({ page }) => {
  const { token } = await loginAs(page, 'profesor');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/inicio$/);
  await expect(page.getByRole('heading', { name: '¡Hola, Paula!' })).toBeVisible();
  const items = page.getByRole('menuitem');
  // 'Memoria': the children's memory, read by profesor and above; 'Clases': their classes; 'Resultados':
  // her own pupils' results (/admin/resultados-alumnos; the spec's results page stays admin-only).
  await expect(items).toHaveText(['Inicio', 'Clases', 'Evaluaciones', 'Preguntas', 'Trazos de señas', 'Resultados', 'Memoria', 'Vista de usuario']);
  // The teacher's figures: levels, words and attempts; learners need the admin's user list.
  const niveles = (await (await page.request.get('/api/nivel/getNivels', { headers: { Authorization: `Bearer ${token}` } })).json()).data.length;
  await expect(page.getByTestId('bar-Niveles')).toHaveText(String(niveles));
  await expect(page.getByTestId('bar-Estudiantes')).toHaveText('—');
  await page.getByRole('menuitem', { name: 'Preguntas' }).click();
  await expect(page.getByText('Evaluación ID')).toBeVisible();
  // No 'Respuestas' button (an admin route) for the teacher.
  await expect(page.getByRole('link', { name: 'Respuestas' })).toHaveCount(0);
  await page.goto('/admin/evaluacion');
  await expect(page.getByText('Puntaje').first()).toBeVisible();
  // Deleting an evaluation only warns; no call leaves.
  const deletes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r.url());
  });
  // A demo quiz's row (the list's first rows are other specs' quizzes, which they delete as this runs).
  await page.goto(`/admin/evaluacion?filter=${encodeURIComponent(JSON.stringify({ q: 'Animales' }))}`);
  const demo = page.getByRole('row').filter({ hasText: 'Animales' }).first();
  await expect(demo).toBeVisible();
  await demo.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByTestId('alert-modal')).toContainText('Las evaluaciones no se pueden eliminar desde aquí.');
  await expect(page.getByTestId('alert-modal')).toHaveAttribute('data-kind', 'warning');
  await page.getByRole('button', { name: 'Cerrar' }).click();
  expect(deletes).toEqual([]);
  await expect(demo).toBeVisible(); // nothing was removed
  for (const path of ['/admin/nivel', '/admin/usuario', '/admin/verevaluacion', '/admin/rol', '/admin/resultados/3']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/errorPage$/);
  }
});

test('a learner cannot open the back office', async ({ page }) => {
  await loginAs(page, 'nino');
  await page.goto('/admin/inicio');
  await expect(page).toHaveURL(/\/errorPage$/);
});

test('superadmin manages roles: create, edit, delete with the spec confirmation', async ({ page }) => {
  // The role goes to a child of this test's own: given to a demo child, it would turn her into a
  // profesor for a moment under the learner specs running beside.
  const tag = `Rol${Date.now().toString(36)}`;
  await page.goto(ORIGIN_PAGE);
  await registerChild(page.request, 'Rosa', tag);
  await loginAs(page, 'superadmin');
  await page.goto('/admin/inicio');
  await page.getByRole('menuitem', { name: 'Roles' }).click();
  await expect(page).toHaveURL(/\/admin\/rol$/);
  await expect(page.getByText('Lista de Roles')).toBeVisible();
  await page.getByRole('link', { name: 'Crear' }).click();
  const save = page.getByRole('button', { name: 'Guardar', exact: true });
  await expect(save).toBeDisabled(); // submit disabled while invalid
  await pickOption(page, page.getByRole('combobox', { name: 'Rol' }), 'Profesor', 'Rol');
  await page.getByLabel('Descripción (opcional)').fill('Docente de apoyo');
  // A searchable picker: type, then pick in the list the search found.
  await pickOption(page, page.getByRole('combobox', { name: 'Usuario' }), new RegExp(`Rosa ${tag}`), 'Usuario', tag);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Rol creado exitosamente.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Docente de apoyo' });
  await expect(row).toContainText(`Rosa ${tag}`);
  await expect(row).toContainText('Profesor');

  // Edit opens prefilled.
  await row.getByRole('link', { name: 'Editar' }).click();
  await expect(page.getByRole('combobox', { name: 'Rol' })).toHaveText('Profesor');
  await page.getByLabel('Descripción (opcional)').fill('Docente titular');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Rol actualizado exitosamente.' })).toBeVisible();

  // Delete asks first; Cancelar keeps it, 'Sí, eliminar' removes it.
  const edited = page.getByRole('row').filter({ hasText: 'Docente titular' });
  await edited.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('¿Estás seguro?');
  await expect(dialog).toContainText('¿Estás seguro de eliminar este rol?');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Rol eliminado exitosamente.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Docente titular' })).toHaveCount(0);
});

test('users: search box, global search-usuario event, and status toggled only after the server confirms', async ({ page, playwright, baseURL }) => {
  // The account switched off is a child of this test's own: switching off the demo child would end
  // his sessions in the learner specs running beside (a deactivation ends every session).
  const tag = `Estado${Date.now().toString(36)}`;
  await page.goto(ORIGIN_PAGE);
  const own = await registerChild(page.request, 'Tomás', tag);
  // A fresh API context per sign-in: a context keeps the XSRF cookie and would need the header.
  const signIn = async () => {
    const ctx = await playwright.request.newContext({ baseURL });
    const res = await ctx.post('/api/user/logIn', { data: own });
    const out = { status: res.status(), code: (await res.json()).code as string | undefined };
    await ctx.dispose();
    return out;
  };
  await loginAs(page, 'admin');
  await page.goto('/admin/usuario');
  await expect(page.getByText('Lista de Usuarios')).toBeVisible();
  await page.getByPlaceholder('Buscar usuarios...').fill('LÓPEZ');
  await expect(page.getByRole('row')).toHaveCount(2); // header + Mateo
  await page.getByPlaceholder('Buscar usuarios...').fill('nadie-se-llama-asi');
  // A search that matches nothing says so (not 'No hay usuarios registrados.').
  await expect(page.getByText('Ningún usuario coincide con «nadie-se-llama-asi».')).toBeVisible();
  await expect(page.getByText('No hay usuarios registrados.')).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('search-usuario', { detail: 'García' })));
  await expect(page.getByRole('row').filter({ hasText: 'nina@manitas.test' })).toBeVisible();
  await expect(page.getByPlaceholder('Buscar usuarios...')).toHaveValue('García');
  await page.getByPlaceholder('Buscar usuarios...').fill(own.email);

  const childRow = page.getByRole('row').filter({ hasText: own.email });
  // The PUT is held until we let it through: the row must not change before the answer.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/user/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    expect(route.request().postDataJSON()).toMatchObject({ email: own.email, nombre: 'Tomás', status: false });
    await held;
    await route.continue();
  });
  await childRow.getByRole('button', { name: 'Desactivar' }).click();
  await page.waitForTimeout(300);
  await expect(childRow.getByRole('button', { name: /Desactivar/ })).toBeVisible();
  release();
  await expect(childRow.getByRole('button', { name: 'Activar' })).toBeVisible();
  await expect(childRow).toContainText('No');
  await page.unroute('**/api/user/*');
  // A deactivated child cannot sign in; reactivating restores it.
  expect(await signIn()).toEqual({ status: 403, code: 'INACTIVE' });
  await childRow.getByRole('button', { name: 'Activar' }).click();
  await expect(childRow.getByRole('button', { name: 'Desactivar' })).toBeVisible();
  expect((await signIn()).status).toBe(200);
});

test('question detail, answer edit from ?editar=true&id_respuesta, institution → Dominio', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/pregunta/1');
  await expect(page.getByText('Volver a la lista')).toBeVisible();
  await expect(page.getByText('Tipo:')).toBeVisible();
  const answer = page.locator('[data-testid^="respuesta-"]').first();
  await expect(answer).toContainText(/Correcta|Incorrecta/);
  await answer.getByRole('link', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/admin\/respuesta\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Respuesta', exact: true })).not.toHaveValue('');
  // An answer opened from its question returns there.
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/admin\/pregunta\/1$/);

  await page.goto('/admin/pregunta/999999');
  await expect(page.getByText('Error al cargar los detalles de la pregunta.')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await expect(page).toHaveURL(/\/admin\/pregunta$/);

  await page.goto('/admin/institucion/create');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('El nombre de la institución es obligatorio.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Por favor, complete el formulario.' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Nombre\W*$/ }).fill('Escuela Manos Unidas');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Institución creada exitosamente.' })).toBeVisible();
  await page.getByRole('row').filter({ hasText: 'Escuela Manos Unidas' }).getByRole('link', { name: 'Dominio' }).click();
  await expect(page).toHaveURL(/\/admin\/dominio\/crear\/\d+$/);
  await expect(page.getByRole('combobox', { name: 'Institución' })).toHaveValue('Escuela Manos Unidas'); // a searchable picker (input)
  await page.getByLabel('Dominio').fill('manosunidas.edu.mx');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Dominio creado correctamente.' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'manosunidas.edu.mx' })).toContainText('Escuela Manos Unidas');
});

test('comments: create with the spec checks; the table has no edit or delete', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/admin/comentario/create');
  // A comment's author is the signed-in user: the form starts on them.
  const usuario = page.getByRole('combobox', { name: 'Usuario' });
  await expect(usuario).toHaveValue('Andrés Administrador (admin@manitas.test)');
  // Emptied, the user is missing: the spec's checks, beside the fields and in the alert.
  await usuario.hover();
  await page.getByRole('button', { name: 'Borrar' }).click();
  await expect(usuario).toHaveValue('');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('El usuario es obligatorio.')).toBeVisible();
  await expect(page.getByText('El comentario es obligatorio.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Por favor, complete todos los campos correctamente.' })).toBeVisible();
  await usuario.fill('Andrés');
  await pickOption(page, usuario, /Andrés Administrador/, 'Usuario');
  await page.getByLabel('Comentario').fill('¡Me encantan las señas de animales!');
  await page.getByLabel('Calificación (1 a 5)').fill('6');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('La calificación es obligatoria y debe estar entre 1 y 5.')).toBeVisible();
  await page.getByLabel('Calificación (1 a 5)').fill('5');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Comentario creado exitosamente.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '¡Me encantan las señas de animales!' });
  await expect(row).toContainText('Andrés Administrador');
  await expect(row).toContainText('admin@manitas.test');
  await expect(row.getByRole('img', { name: '5 de 5' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
});
