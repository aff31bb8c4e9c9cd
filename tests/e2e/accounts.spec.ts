import { SMTPServer } from 'smtp-server';
import { test, expect, loginAs, pickOption } from './fixtures';
import { E2E_PORT } from '../../playwright.config';

const uid = () => Math.random().toString(36).slice(2, 8);

test.describe('sign-up, log in, profile, log out', () => {
  test('a new child registers, logs in, updates the profile and leaves', async ({ page }) => {
    const email = `sofia.${uid()}@ejemplo.com`;
    await page.goto('/singIn');
    await expect(page.getByRole('heading', { name: '¡Bienvenido!' })).toBeVisible();
    await page.getByLabel('Nombre', { exact: true }).fill('Sofía');
    await page.getByLabel('Apellido').fill('Pérez');
    await page.getByLabel('Fecha de nacimiento').fill('2016-02-03');
    await page.getByLabel('Credencial').fill('ALU-77');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('arcoiris2026');
    await page.getByLabel('Repetir contraseña').fill('arcoiris2026');
    await page.getByLabel('Celular (opcional)').fill('5512345678');
    await page.getByLabel('Avatar Niña').check({ force: true });
    await pickOption(page, page.getByRole('combobox', { name: 'Sexo' }), 'Niña', 'Sexo');
    await page.getByRole('button', { name: '¡Registrarte!' }).click();
    const modal = page.getByTestId('alert-modal');
    await expect(modal).toContainText('¡Sofía Pérez, tu usuario ha sido creado exitosamente! 🎉');
    await expect(modal).toHaveAttribute('data-kind', 'success');
    await modal.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/logIn$/);

    await page.getByPlaceholder('Escribe tu correo').fill(email.toUpperCase());
    await page.getByPlaceholder('Escribe tu contraseña').fill('arcoiris2026');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/home$/);
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
      token: localStorage.getItem('token'),
      role: localStorage.getItem('userRole'),
      id: localStorage.getItem('userId'),
    }));
    expect(stored.user).toMatchObject({ nombre: 'Sofía', email, rol: 'usuario', sexo: 'niña' });
    expect(stored.token).toBeTruthy();
    expect(stored.role).toBe('usuario');
    expect(stored.id).toBe(String(stored.user.id));

    await page.goto('/perfil');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(email);
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('readonly', '');
    await page.getByLabel('Nombre', { exact: true }).fill('Sofi');
    await page.getByLabel('Teléfono (opcional)').fill('123');
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('El teléfono debe tener 10 dígitos.');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByLabel('Teléfono (opcional)').fill('5599887766');
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('Perfil actualizado correctamente');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).nombre)).toBe('Sofi');

    // The spec's link (the classes section at the bottom of /perfil has one too).
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page
      .getByRole('button', { name: 'Salir' })
      .or(page.getByRole('link', { name: 'Salir' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/logIn$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/logIn$/);
  });

  test('registration messages appear in the spec order', async ({ page }) => {
    await page.goto('/singIn');
    const modal = page.getByTestId('alert-modal');
    const submitExpect = async (msg: string) => {
      await page.getByRole('button', { name: '¡Registrarte!' }).click();
      await expect(modal).toContainText(msg);
      await modal.getByRole('button', { name: 'Cerrar' }).click();
      await expect(modal).toBeHidden();
    };
    await submitExpect('El número de teléfono no es válido. Solo números (7 a 15 dígitos).');
    await page.getByLabel('Celular (opcional)').fill('5512345678');
    await page.getByLabel('Fecha de nacimiento').fill('2099-01-01');
    await submitExpect('La fecha de nacimiento no puede ser hoy o una fecha futura.');
    await page.getByLabel('Fecha de nacimiento').fill('2016-01-01');
    await submitExpect('Todos los campos son obligatorios');
    await page.getByLabel('Nombre', { exact: true }).fill('Leo');
    await page.getByLabel('Apellido').fill('Mora');
    await page.getByLabel('Credencial').fill('C-1');
    await page.getByLabel('Correo electrónico').fill('leo@sin-punto');
    await page.getByLabel('Contraseña', { exact: true }).fill('abc');
    await page.getByLabel('Repetir contraseña').fill('abd');
    await page.getByLabel('Avatar Niño').check({ force: true });
    await pickOption(page, page.getByRole('combobox', { name: 'Sexo' }), 'Niño', 'Sexo');
    await submitExpect('Las contraseñas no coinciden');
    await page.getByLabel('Repetir contraseña').fill('abc');
    await submitExpect('La contraseña debe tener al menos 8 caracteres');
    await page.getByLabel('Contraseña', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Repetir contraseña').fill('abcdefgh');
    await submitExpect('El correo electrónico no es válido');
    await page.getByLabel('Correo electrónico').fill('nino@manitas.test');
    await submitExpect('El correo ingresado ya existe. nino@manitas.test');
    await expect(page).toHaveURL(/\/singIn$/);
  });

  test('login: empty fields and wrong credentials', async ({ page }) => {
    await page.goto('/logIn');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('Todos los campos son obligatorios');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByPlaceholder('Escribe tu correo').fill('nino@manitas.test');
    await page.getByPlaceholder('Escribe tu contraseña').fill('no-es-esta');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('Credenciales incorrectas');
    await expect(page.getByTestId('alert-modal')).toHaveAttribute('data-kind', 'error');
    await expect(page).toHaveURL(/\/logIn$/);
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/recuperar-password');
    await expect(page.getByRole('link', { name: 'Regístrate aquí' })).toHaveAttribute('href', '/singIn');
  });
});

test.describe('password recovery through a real SMTP peer', () => {
  const mails: string[] = [];
  let smtp: SMTPServer;
  test.beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          mails.push(raw);
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(E2E_PORT + 1000, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('request, read the mail, set a new password, log in with it; the old link is refused', async ({ page, request }) => {
    const email = `rec.${uid()}@ejemplo.com`;
    const reg = await request.post('/api/user/register', {
      data: {
        nombre: 'Rita',
        apellido: 'Luna',
        fechaNacimiento: '2015-05-05',
        email,
        password: 'clave-vieja-1',
        avatar: 'girl',
        sexo: 'niña',
        phone: '5512345678',
        Credential: 'R-1',
        photo: null,
      },
    });
    expect(reg.status()).toBe(201);

    await page.goto('/recuperar-password');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('Por favor ingresa un correo válido');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByPlaceholder('Escribe tu correo').fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('Si el correo está registrado');
    await page.getByRole('button', { name: 'Cerrar' }).click();

    await expect.poll(() => mails.find((m) => m.includes(email)), { timeout: 10_000 }).toBeTruthy();
    const mail = mails
      .find((m) => m.includes(email))!
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link = /http:\/\/localhost:\d+\/restablecer-password\?token=[\w-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel('Contraseña nueva').fill('clave-nueva-2');
    await page.getByLabel('Repetir contraseña').fill('clave-nueva-2');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('Tu contraseña se actualizó correctamente');
    await page.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/logIn$/);

    await page.getByPlaceholder('Escribe tu correo').fill(email);
    await page.getByPlaceholder('Escribe tu contraseña').fill('clave-nueva-2');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.evaluate(() => localStorage.clear());
    await page.goto(link!);
    await page.getByLabel('Contraseña nueva').fill('clave-otra-3');
    await page.getByLabel('Repetir contraseña').fill('clave-otra-3');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByTestId('alert-modal')).toContainText('El enlace no es válido o ya expiró. Solicita uno nuevo.');
  });
});

test.describe('platform pages', () => {
  test('/errorPage, unknown paths, /login and the guard', async ({ page }) => {
    await page.goto('/no/existe');
    await expect(page).toHaveURL(/\/errorPage$/);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByText('Sorry, the page you are looking for does not exist.')).toBeVisible();
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(/\/logIn$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/logIn$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/logIn$/);
    for (const p of ['/home', '/perfil', '/maintenace', '/supmenu/1', '/admin/inicio', '/juegos']) {
      await page.goto(p);
      await expect(page, p).toHaveURL(/\/logIn$/);
    }
    await page.evaluate(() => localStorage.setItem('user', '{roto'));
    await page.goto('/home');
    await expect(page).toHaveURL(/\/logIn$/);
  });

  test('/maintenace for a logged-in child; the admin shell refuses a learner', async ({ page }) => {
    await loginAs(page, 'nino');
    await page.goto('/maintenace');
    await expect(page.getByRole('heading', { name: 'Volveremos pronto' })).toBeVisible();
    await expect(page.getByText('Estamos trabajando para mejorar tu expericicia.')).toBeVisible();
    await expect(page.getByText(/2023/)).toBeVisible();
    await page.getByRole('link', { name: 'Volver a casa' }).click();
    await expect(page).toHaveURL(/\/logIn$/);
    await page.goto('/admin/inicio');
    await expect(page).toHaveURL(/\/errorPage$/);
  });

  test('a profesor reaches inicio but not nivel; an admin not rol', async ({ page }) => {
    await loginAs(page, 'profesor');
    await page.goto('/admin/nivel');
    await expect(page).toHaveURL(/\/errorPage$/);
    await loginAs(page, 'admin');
    await page.goto('/admin/rol');
    await expect(page).toHaveURL(/\/errorPage$/);
  });
});
