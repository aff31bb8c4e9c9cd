// The privacy checks, black-box (docs/decisions.md "Who may see what"): a real server process with
// two teachers, an admin pair and a few children, each reproduction tried as an attacker would, and
// what the server answers now. Prints one Markdown table row per request, and at the end scans the
// server's own log for e-mails, password hashes and tokens.
//   npx tsx scripts/security/privacy-check.ts
// Bounded: about 150 requests (40 of them at once), each with a 30 s timeout; it stops by itself and
// removes its temporary DATA_DIR. Exit 1 when any answer is not the expected one.
// The concurrent-guess counts for both logins are scripts/security/concurrent-guesses.ts.
import { call, must, startServer, type Reply } from './client';

const PASSWORD = 'Manitas2024';
const rows: string[] = [];
let failures = 0;

/** One checked request: `expect` says whether the answer is the one the rule wants. */
function row(section: string, who: string, request: string, r: Reply | Reply[], expect: boolean, note = '') {
  const answer = Array.isArray(r) ? summarise(r.map((x) => x.status)) : `${r.status} ${shortBody(r)}`;
  if (!expect) failures++;
  rows.push(`| ${section} | ${who} | \`${request}\` | ${answer}${note ? ` — ${note}` : ''} | ${expect ? 'ok' : '**NO**'} |`);
}
const summarise = (codes: number[]) =>
  Object.entries(codes.reduce<Record<number, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {}))
    .map(([c, n]) => `${n} × ${c}`)
    .join(', ');
function shortBody(r: Reply): string {
  const msg = typeof r.json.msg === 'string' ? `«${r.json.msg}»` : '';
  const t = msg || r.text.replace(/\s+/g, ' ');
  return t.length > 110 ? `${t.slice(0, 107)}…` : t;
}

async function main() {
  const server = await startServer();
  const { base } = server;
  const stamp = Date.now().toString(36);
  const api = (method: string, url: string, body?: unknown, token?: string) => call(base, method, url, body, token);
  const login = async (email: string, password = PASSWORD) =>
    must(await api('POST', '/api/user/logIn', { email, password }), 200, `logIn ${email}`).json.token as string;
  const register = async (nombre: string, email: string, extra: Record<string, unknown> = {}) =>
    api('POST', '/api/user/register', {
      nombre,
      apellido: 'Prueba',
      fechaNacimiento: '2016-05-04',
      email,
      photo: null,
      password: PASSWORD,
      avatar: 'girl',
      sexo: 'niña',
      phone: '5512345678',
      Credential: `C-${nombre}-${stamp}`.slice(0, 40),
      ...extra,
    });
  try {
    const superadmin = await login('superadmin@manitas.test');
    const admin = await login('admin@manitas.test');
    const profA = await login('profesor@manitas.test');

    // Teacher B: a new account the superadmin makes a profesor; B owns one empty class.
    const emailB = `profe-b-${stamp}@prueba.test`;
    must(await register('Berta', emailB), 201, 'registro B');
    const users = must(await api('GET', '/api/user/usuarios', undefined, superadmin), 200, 'usuarios').json.users as { id: number; email: string | null }[];
    const idBerta = users.find((u) => u.email === emailB)!.id;
    must(await api('POST', '/api/rol/register', { nombre: 'profesor', id_usuario: idBerta }, superadmin), 201, 'rol profesor');
    const profB = await login(emailB);
    const inst = must(await api('GET', '/api/clase/instituciones', undefined, profA), 200, 'instituciones').json.data as { id_institucion: number }[];
    const newClass = async (token: string, teacher: number, nombre: string) =>
      must(await api('POST', '/api/clase/register', { nombre, id_institucion: inst[0]!.id_institucion, profesores: [teacher] }, token), 201, 'clase').json
        .data as {
        id_clase: number;
        codigo: string;
      };
    const idA = users.find((u) => u.email === 'profesor@manitas.test')!.id;
    const classA = await newClass(profA, idA, `Clase A ${stamp}`);
    const classB = await newClass(profB, idBerta, `Clase B ${stamp}`);

    // A's pupils: one imported (picture password), one e-mail child who joined with the code.
    must(
      await api(
        'POST',
        `/api/clase/${classA.id_clase}/importar`,
        { filas: [{ nombre: 'Pablo', apellido: 'Prueba', fechaNacimiento: '05/03/2018', sexo: 'niño' }], guardar: true },
        profA,
      ),
      200,
      'importar',
    );
    const emailL = `alumna-${stamp}@prueba.test`;
    must(await register('Lucía', emailL), 201, 'registro alumna');
    const childL = await login(emailL);
    must(await api('POST', '/api/clase/unirme', { codigo: classA.codigo }, childL), 200, 'unirme');
    const pupilsA = must(await api('GET', `/api/clase/${classA.id_clase}/alumnos`, undefined, profA), 200, 'alumnos A').json.data as {
      id: number;
      email: string | null;
      imagenes: string[] | null;
    }[];
    const pablo = pupilsA.find((p) => p.email === null)!;
    const lucia = pupilsA.find((p) => p.email === emailL)!;

    // 1. A teacher acts only on the children of their own classes.
    const cand = await api('GET', `/api/clase/${classB.id_clase}/candidatos?q=`, undefined, profB);
    const candText = JSON.stringify(cand.json);
    row(
      '1',
      'profesor B',
      `GET /api/clase/{B}/candidatos?q=`,
      cand,
      cand.status === 200 && !candText.includes('@'),
      `${(cand.json.data as unknown[] | undefined)?.length ?? 0} candidatos, ningún correo`,
    );
    for (const [name, id] of [
      ['Pablo (importado por A)', pablo.id],
      ['Lucía (con correo, clase de A)', lucia.id],
    ] as const) {
      const add = await api('POST', `/api/clase/${classB.id_clase}/alumnos`, { ids: [id] }, profB);
      row('1', 'profesor B', `POST /api/clase/{B}/alumnos {"ids":[${name}]}`, add, add.status >= 400 && !add.text.includes('imagenes'));
    }
    const membersB = must(await api('GET', `/api/clase/${classB.id_clase}/alumnos`, undefined, profB), 200, 'alumnos B').json.data as unknown[];
    row('1', 'profesor B', 'GET /api/clase/{B}/alumnos (after the adds)', { status: 200, json: {}, text: `${membersB.length} alumnos` }, membersB.length === 0);
    const clave = await api('PUT', `/api/clase/${classB.id_clase}/alumnos/${pablo.id}/clave`, {}, profB);
    row('1', 'profesor B', 'PUT /api/clase/{B}/alumnos/{Pablo}/clave', clave, clave.status === 404 && !clave.text.includes('imagenes'));
    const claveMail = await api('PUT', `/api/clase/${classA.id_clase}/alumnos/${lucia.id}/clave`, {}, profA);
    row('1', 'profesor A', 'PUT /api/clase/{A}/alumnos/{Lucía, e-mail account}/clave', claveMail, claveMail.status === 409);
    const claveOwn = await api('PUT', `/api/clase/${classA.id_clase}/alumnos/${pablo.id}/clave`, {}, profA);
    row(
      '1',
      'profesor A',
      'PUT /api/clase/{A}/alumnos/{Pablo}/clave',
      claveOwn,
      claveOwn.status === 200 && !('imagenes' in claveOwn.json),
      'sin imágenes en la respuesta',
    );
    const picsBack = await api('POST', '/api/user/logInClase', { codigo: classA.codigo, id_usuario: lucia.id, imagenes: ['sol', 'luna', 'estrella'] });
    row('1', 'anónimo', 'POST /api/user/logInClase {Lucía (e-mail account), 3 pictures}', picsBack, picsBack.status === 401);
    for (const [who, token] of [
      ['profesor B', profB],
      ['profesor A', profA],
      ['superadmin', superadmin],
    ] as const) {
      const res = await api('GET', `/api/resultados/resultados-profesor?id_usuario=${lucia.id}`, undefined, token);
      row(
        '1',
        who,
        `GET /api/resultados/resultados-profesor?id_usuario={Lucía}`,
        res,
        res.status === 200 && Array.isArray(res.json) ? true : res.status === 200,
      );
      const rep = await api('GET', `/api/repaso/alumno/${lucia.id}`, undefined, token);
      row('1', who, `GET /api/repaso/alumno/{Lucía}`, rep, who === 'profesor B' ? rep.status === 404 : rep.status === 200);
    }
    const mem = await api('GET', '/api/repaso/memorias', undefined, profB);
    row(
      '1',
      'profesor B',
      'GET /api/repaso/memorias',
      mem,
      mem.status === 200 && !JSON.stringify(mem.json).includes('Lucía') && !JSON.stringify(mem.json).includes('Pablo'),
    );
    const search = await api('GET', `/api/buscar?q=Luc`, undefined, profB);
    row('1', 'profesor B', 'GET /api/buscar?q=Luc', search, search.status === 200 && !search.text.includes('Lucía'));

    // Peers: an admin does not act on another admin.
    const emailAdmin2 = `admin-2-${stamp}@prueba.test`;
    must(await register('Adela', emailAdmin2), 201, 'registro admin 2');
    const all = must(await api('GET', '/api/user/usuarios', undefined, superadmin), 200, 'usuarios').json.users as { id: number; email: string | null }[];
    const idAdmin2 = all.find((u) => u.email === emailAdmin2)!.id;
    must(await api('POST', '/api/rol/register', { nombre: 'admin', id_usuario: idAdmin2 }, superadmin), 201, 'rol admin');
    const peer = await api('PUT', `/api/user/${idAdmin2}`, { nombre: 'Adela', status: false }, admin);
    row('1', 'admin', 'PUT /api/user/{another admin} {"nombre":"Adela","status":false}', peer, peer.status === 403);
    const boss = await api('PUT', `/api/user/${idAdmin2}`, { nombre: 'Adela', status: false }, superadmin);
    row('1', 'superadmin', 'PUT /api/user/{admin} {"nombre":"Adela","status":false}', boss, boss.status === 200);
    const comment = await api('POST', '/api/comentario/register', { id_user: lucia.id, comentario: 'Escrito por otro', calificacion: 5 }, admin);
    row('1', 'admin', 'POST /api/comentario/register {"id_user":{Lucía}}', comment, comment.status === 403);

    // 3. What feeds a teacher's view follows from what the child did.
    const levels = must(await api('GET', '/api/nivel/getNivels', undefined, childL), 200, 'niveles').json.data as { id_nivel: number }[];
    const idNivel = levels[0]!.id_nivel;
    let n = 0;
    const runKey = () => `run-${stamp}-${++n}`.padEnd(16, '0');
    const forged = { idNivel, juego: 'hangman', puntos: 1000, puntosMax: 1000, ganada: true, palabrasBien: [], palabrasMal: [] };
    const runs = await Promise.all(Array.from({ length: 21 }, () => api('POST', '/api/partidas', { ...forged, clave: runKey() }, childL)));
    row(
      '3',
      'niña',
      'POST /api/partidas {puntos:1000, puntosMax:1000, ganada:true, palabrasBien:[]} × 21',
      runs,
      runs.every((r) => r.status === 400),
      shortBody(runs[0]!),
    );
    const words = must(await api('GET', `/api/palabra/nivel/${idNivel}`, undefined, childL), 200, 'palabras').json as unknown as { id_palabra: number }[];
    const [w1, w2] = [words[0]!.id_palabra, words[1]!.id_palabra];
    const withWords = await api('POST', '/api/partidas', { ...forged, clave: runKey(), palabras: words.map((w) => w.id_palabra), rondas: [] }, childL);
    row(
      '3',
      'niña',
      "POST /api/partidas {the same, with the level's words and rondas: []}",
      withWords,
      withWords.status === 400 && withWords.json.code === 'RUN_FIGURES',
    );
    const summary = must(await api('GET', '/api/partidas/resumen', undefined, childL), 200, 'resumen').text;
    row('3', 'niña', 'GET /api/partidas/resumen (after the forged runs)', { status: 200, json: {}, text: summary.slice(0, 100) }, !summary.includes('1000'));
    // The child opens the level (word detail marks the words seen), as a review needs.
    for (const w of [w1, w2]) must(await api('POST', '/api/repaso/visto', { id_palabra: w }, childL), 200, 'visto');
    const verdict = await api('POST', '/api/repaso/respuesta', { id_palabra: w1, elegida: w2, correcto: true, clave: `c-${stamp}` }, childL);
    const grade = (verdict.json.data as { calificacion?: number } | undefined)?.calificacion;
    row(
      '3',
      'niña',
      'POST /api/repaso/respuesta {elegida: <another word>, correcto: true}',
      verdict,
      verdict.status === 201 && grade === 1,
      `calificación ${grade} (Again)`,
    );
    const quiz = must(await api('GET', '/api/evaluacion/detalles', undefined, childL), 200, 'detalles').json;
    const q = findQuestion(quiz, idNivel);
    if (q) {
      const one = { id_pregunta: q.id_pregunta, id_nivel: idNivel, id_respuesta: q.id_respuesta, respuesta: 'x' };
      const answers: Reply[] = [];
      for (let i = 0; i < 40; i++) answers.push(await api('POST', '/api/resultados/create', one, childL));
      row('3', 'niña', 'POST /api/resultados/create, one question × 40 in a row', answers, answers.filter((r) => r.status === 201).length === 1);
    } else row('3', 'niña', 'POST /api/resultados/create', { status: 0, json: {}, text: 'no question found on the level' }, false);

    // 4. Bad input.
    const big = 2_147_483_648;
    const bigRun = await api('POST', '/api/partidas', { ...forged, clave: runKey(), idNivel: big }, childL);
    row('4', 'niña', `POST /api/partidas {"idNivel":${big}}`, bigRun, bigRun.status === 400);
    const bigWords = await api('POST', '/api/partidas', { ...forged, clave: runKey(), palabrasBien: [big] }, childL);
    row('4', 'niña', `POST /api/partidas {"palabrasBien":[${big}]}`, bigWords, bigWords.status === 400);
    const bigAdd = await api('POST', `/api/clase/${classA.id_clase}/alumnos`, { ids: [big] }, profA);
    row('4', 'profesor A', `POST /api/clase/{A}/alumnos {"ids":[${big}]}`, bigAdd, bigAdd.status === 400);
    const bigTask = await api('PUT', `/api/clase/${classA.id_clase}/tareas`, { tareas: [{ id_nivel: big }] }, profA);
    row('4', 'profesor A', `PUT /api/clase/{A}/tareas {"tareas":[{"id_nivel":${big}}]}`, bigTask, bigTask.status === 400);
    const profile = must(await api('GET', `/api/user/${lucia.id}`, undefined, childL), 200, 'perfil').json.data as Record<string, unknown>;
    const editable = { nombre: profile.nombre, apellido: profile.apellido, phone: profile.phone, avatar: profile.avatar, sexo: profile.sexo };
    for (const fecha of ['2015-02-31', '0000-01-01', '2015-13-45']) {
      const reg = await register('Fecha', `fecha-${fecha}-${stamp}@prueba.test`, { fechaNacimiento: fecha });
      row('4', 'anónimo', `POST /api/user/register {"fechaNacimiento":"${fecha}"}`, reg, reg.status === 400);
      const put = await api('PUT', `/api/user/${lucia.id}`, { ...editable, fechaNacimiento: fecha }, childL);
      row('4', 'niña', `PUT /api/user/{self} {"fechaNacimiento":"${fecha}"}`, put, put.status === 400);
    }
    const js = await register('Foto', `foto-${stamp}@prueba.test`, { photo: `javascript:${'a'.repeat(200_000)}` });
    row('4', 'anónimo', 'POST /api/user/register {"photo":"javascript:…" (200 KB)}', js, js.status === 400);
    const bidi = await register('Ana\u202Egnp.exe', `bidi-${stamp}@prueba.test`);
    row('4', 'anónimo', 'POST /api/user/register {"nombre":"Ana\\u202Egnp.exe"}', bidi, bidi.status === 400);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]);
    const form = new FormData();
    form.set('nombre_nivel', `Falsa ${stamp}`);
    form.set('descripcion', 'Imagen falsa');
    form.set('dificultad', 'Fácil');
    form.set('imagen', new Blob([fake], { type: 'image/jpeg' }), 'foto.jpg');
    const up = await call(base, 'POST', '/api/nivel/register', form, admin);
    row('4', 'admin', 'POST /api/nivel/register with a 35-byte "JPEG"', up, up.status === 400);

    // 5. No personal data in the log: a failed registration (an e-mail already used) and a
    // recovery without SMTP, then the whole log is read.
    const dup = await register('Doble', emailL);
    row('5', 'anónimo', 'POST /api/user/register (e-mail already used)', dup, dup.status >= 400 && dup.status < 500);
    const rec = await api('POST', '/api/recuperar', { email: emailL });
    row('5', 'anónimo', 'POST /api/recuperar (no SMTP server)', rec, rec.status === 200);
    const log = server.log();
    const leaks = [
      ['e-mail', /[A-Za-z0-9._%+-]+@(?:prueba|manitas)\.test/],
      ['scrypt hash', /scrypt\$|\$scrypt|[A-Za-z0-9+/]{40,}={0,2}\$[A-Za-z0-9+/]{40,}/],
      ['token (JWT)', /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./],
      ['reset link', /recuperar[^"\s]*token=|[?&]token=[A-Za-z0-9_-]{16,}/],
      ['password', new RegExp(PASSWORD)],
    ] as const;
    const found = leaks.filter(([, re]) => re.test(log)).map(([what]) => what);
    row(
      '5',
      'server log',
      `${log.split('\n').length} lines read`,
      { status: 0, json: {}, text: found.length ? `found: ${found.join(', ')}` : 'no e-mail, hash, token, link or password' },
      found.length === 0,
    );
  } finally {
    await server.stop();
  }
  console.log('| § | as | request | answer now | as the rule says |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(failures ? `\n${failures} answer(s) not as the rule says.` : `\nAll ${rows.length} answers as the rule says.`);
  process.exit(failures ? 1 : 0);
}

/** A choice question of the level and one of its answers, from the learner's view of the quizzes. */
function findQuestion(body: unknown, idNivel: number): { id_pregunta: number; id_respuesta: number } | null {
  const seen = new Set<unknown>();
  let out: { id_pregunta: number; id_respuesta: number } | null = null;
  const walk = (v: unknown, nivel: number | null) => {
    if (out || !v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    const o = v as Record<string, unknown>;
    const lvl = typeof o.id_nivel === 'number' ? o.id_nivel : nivel;
    if (typeof o.id_pregunta === 'number' && Array.isArray(o.respuestas) && lvl === idNivel) {
      const a = (o.respuestas as Record<string, unknown>[]).find((x) => typeof x.id_respuesta === 'number');
      if (a) out = { id_pregunta: o.id_pregunta, id_respuesta: a.id_respuesta as number };
    }
    for (const x of Object.values(o)) walk(x, lvl);
  };
  walk(body, null);
  return out;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
