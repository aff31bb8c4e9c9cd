// Concurrent guesses at both logins (docs/decisions.md "Guessing limits"): how many of N guesses
// sent at the same moment are checked (401/200) and how many refused (429), and how long trying all
// 504 picture passwords of one pupil takes under the rules.
//   npx tsx scripts/security/concurrent-guesses.ts [--base http://127.0.0.1:3000] [--n 40]
//                                                 [--profesor profesor@manitas.test] [--password Manitas2024]
// Without --base it starts the app on 127.0.0.1 (an ephemeral port, a temporary DATA_DIR, the
// embedded database, demo accounts) and removes it afterwards. It makes a fresh learner account and
// a class with one pupil through the API, as a teacher. Bounded: 2 × N requests plus a few set-up
// calls, each with a 30 s timeout; it stops by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { CHILD_PICTURE_RULE, CLASS_PICTURE_RULE, KNOWN_DEVICE_PICTURE_RULE, PICTURE_PASSWORDS, timeToTryAll } from '../../src/server/auth/pictureSecret';
import { UNKNOWN_DEVICE_RULE } from '../../src/server/auth/throttle';
import { PICTURE_KEYS, type PictureKey } from '../../src/shared/rules/classes';
import { call, must } from './client';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    n: { type: 'string', default: '40' },
    profesor: { type: 'string', default: 'profesor@manitas.test' },
    password: { type: 'string', default: 'Manitas2024' },
  },
});
const N = Math.min(200, Math.max(2, Number(args.n) || 40));

const days = (ms: number) => ms / 86_400_000;

async function main() {
  let app: FastifyInstance | null = null;
  let dataDir: string | null = null;
  let base = args.base?.replace(/\/$/, '');
  try {
    if (!base) {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'manitas-guesses-'));
      const config = loadConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv, {
        staticDir: null,
      });
      app = await buildApp(config, { logger: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const addr = app.server.address();
      base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    }
    console.log(`Servidor: ${base}; ${N} intentos a la vez en cada inicio de sesión`);
    const stamp = Date.now().toString(36);

    // A fresh learner account.
    const email = `adivina-${stamp}@prueba.test`;
    const password = `clave-${stamp}-segura`;
    const reg = await call(base, 'POST', '/api/user/register', {
      nombre: 'Prueba',
      apellido: 'Adivina',
      fechaNacimiento: '2017-04-01',
      email,
      photo: null,
      password,
      avatar: 'boy',
      sexo: 'niño',
      phone: '5512345678',
      Credential: `ADV-${stamp}`,
    });
    must(reg, 201, 'registro');

    // A class with one pupil, made by a teacher.
    const prof = await call(base, 'POST', '/api/user/logIn', { email: args.profesor, password: args.password });
    must(prof, 200, 'inicio de sesión del profesor');
    const token = prof.json.token as string;
    const inst = await call(base, 'GET', '/api/clase/instituciones', undefined, token);
    must(inst, 200, 'instituciones');
    const idInstitucion = (inst.json.data as { id_institucion: number }[])[0]!.id_institucion;
    const cls = await call(
      base,
      'POST',
      '/api/clase/register',
      { nombre: `Adivinanzas ${stamp}`, id_institucion: idInstitucion, profesores: [(prof.json.usuario as { id: number }).id] },
      token,
    );
    must(cls, 201, 'clase');
    const { id_clase, codigo } = cls.json.data as { id_clase: number; codigo: string };
    const imp = await call(
      base,
      'POST',
      `/api/clase/${id_clase}/importar`,
      { filas: [{ nombre: 'Alumna', apellido: 'Prueba', fechaNacimiento: '2018-03-05', sexo: 'niña' }], guardar: true },
      token,
    );
    must(imp, 200, 'importar');
    // No write answers a picture password: the teacher reads it from the class's children.
    const members = must(await call(base, 'GET', `/api/clase/${id_clase}/alumnos`, undefined, token), 200, 'alumnos');
    const pupil = (members.json.data as { id: number; imagenes: PictureKey[] }[])[0]!;
    const wrongPictures = (i: number): PictureKey[] => {
      // Every wrong answer differs from the pupil's pictures.
      const k = PICTURE_KEYS.filter((p) => !pupil.imagenes.includes(p));
      return [k[i % k.length]!, k[(i + 1) % k.length]!, k[(i + 2) % k.length]!];
    };

    const report = (name: string, codes: number[]) => {
      const right = codes.at(-1)!;
      const checked = codes.filter((c) => c === 401 || c === 200).length;
      const refused = codes.filter((c) => c === 429).length;
      const other = codes.length - checked - refused;
      console.log(
        `${name}: ${codes.length} a la vez (${codes.length - 1} erróneos + el correcto al final) → comprobados ${checked} (401: ${codes.filter((c) => c === 401).length}, 200: ${codes.filter((c) => c === 200).length}), rechazados 429: ${refused}${other ? `, otros: ${other}` : ''}; el correcto: ${right}`,
      );
    };

    const mail = await Promise.all([
      ...Array.from({ length: N - 1 }, (_, i) => call(base!, 'POST', '/api/user/logIn', { email, password: `adivina-${i}` })),
      call(base, 'POST', '/api/user/logIn', { email, password }),
    ]);
    report(
      'POST /api/user/logIn',
      mail.map((r) => r.status),
    );

    const pics = await Promise.all([
      ...Array.from({ length: N - 1 }, (_, i) => call(base!, 'POST', '/api/user/logInClase', { codigo, id_usuario: pupil.id, imagenes: wrongPictures(i) })),
      call(base, 'POST', '/api/user/logInClase', { codigo, id_usuario: pupil.id, imagenes: pupil.imagenes }),
    ]);
    report(
      'POST /api/user/logInClase',
      pics.map((r) => r.status),
    );

    const unknown = timeToTryAll(CHILD_PICTURE_RULE, PICTURE_PASSWORDS);
    const known = timeToTryAll(KNOWN_DEVICE_PICTURE_RULE, PICTURE_PASSWORDS);
    console.log(
      `Reglas: correo, dispositivos desconocidos ${JSON.stringify(UNKNOWN_DEVICE_RULE)}; imágenes por alumno ${JSON.stringify(CHILD_PICTURE_RULE)}; ` +
        `por alumno y dispositivo conocido ${JSON.stringify(KNOWN_DEVICE_PICTURE_RULE)}; por clase y dispositivo ${JSON.stringify(CLASS_PICTURE_RULE)}`,
    );
    console.log(
      `Probar las ${PICTURE_PASSWORDS} claves de imágenes de un alumno: ${Math.round(unknown / 1000)} s = ${days(unknown).toFixed(1)} días desde dispositivos desconocidos ` +
        `(la mitad, en promedio: ${days(unknown / 2).toFixed(1)} días); ${days(known).toFixed(1)} días desde un dispositivo en que el alumno ya entró.`,
    );
  } finally {
    await app?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
