import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/client/admin/dataProvider';
import { DECLS, RESOURCE_TABLE, buildTable, mergeRow } from '../../../src/client/admin/resourceTable';
import { institucionResource } from '../../../src/shared/resources/institucion';

const BASE = 'http://test/api/';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** A mocked fetch: records every request and answers with `reply(url, method)`. */
function mockFetch(reply: (url: URL, method: string) => { status?: number; body?: unknown; headers?: Record<string, string> }) {
  const seen: Seen[] = [];
  const fn = vi.fn(async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    seen.push({ method, url: url.pathname + url.search, headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const r = reply(url, method);
    return new Response(r.body === undefined ? '' : JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...(r.headers ?? {}) },
    });
  });
  vi.stubGlobal('fetch', fn);
  return seen;
}

function uploader() {
  const calls: { method: string; path: string; form: FormData }[] = [];
  let answer: unknown = { msg: 'ok', data: {} };
  let fail: unknown = null;
  const fn = async (method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: (f: number) => void) => {
    calls.push({ method, path, form });
    onProgress?.(0.5);
    if (fail) throw fail;
    return answer;
  };
  return { calls, fn, answer: (a: unknown) => (answer = a), fail: (e: unknown) => (fail = e) };
}

const listPage = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

let up: ReturnType<typeof uploader>;
const dp = () => createDataProvider({ apiBase: BASE, upload: up.fn, token: () => 'TKN', xsrf: () => 'XS' });

beforeEach(() => {
  up = uploader();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The spec's calls (admin-and-games.md section 7), verb by verb, for every admin resource. */
const SPEC: Record<string, Partial<Record<'list' | 'one' | 'create' | 'update' | 'delete', string>>> = {
  nivel: { list: 'nivel/getNivels', one: 'nivel/getNivel/{id}', create: 'nivel/register', update: 'nivel/update/{id}', delete: 'nivel/delete/{id}' },
  palabra: {
    list: 'palabra/getPalabras',
    one: 'palabra/getPalabra/{id}',
    create: 'palabra/register',
    update: 'palabra/update/{id}',
    delete: 'palabra/delete/{id}',
  },
  conten: { list: 'contenido/contenido', one: 'contenido/{id}', create: 'contenido/create', update: 'contenido/update/{id}', delete: 'contenido/{id}' },
  multimedia: {
    list: 'multimedia/getMultimedias',
    one: 'multimedia/get/{id}',
    create: 'multimedia/register',
    update: 'multimedia/update/{id}',
    delete: 'multimedia/delete/{id}',
  },
  evaluacion: {
    list: 'evaluacion/getEvaluaciones',
    one: 'evaluacion/getEvaluacion/{id}',
    create: 'evaluacion/register',
    update: 'evaluacion/update/{id}',
    delete: 'evaluacion/delete/{id}',
  },
  pregunta: {
    list: 'pregunta/getPreguntas',
    one: 'pregunta/getPregunta/{id}',
    create: 'pregunta/register',
    update: 'pregunta/update/{id}',
    delete: 'pregunta/delete/{id}',
  },
  respuesta: {
    list: 'respuesta/getRespuestas',
    one: 'respuesta/getRespuesta/{id}',
    create: 'respuesta/register',
    update: 'respuesta/update/{id}',
    delete: 'respuesta/delete/{id}',
  },
  institucion: {
    list: 'institucion/getInstituciones',
    one: 'institucion/getInstitucion/{id}',
    create: 'institucion/register',
    update: 'institucion/update/{id}',
    delete: 'institucion/delete/{id}',
  },
  dominio: {
    list: 'dominio/getDominios',
    one: 'dominio/getDominio/{id}',
    create: 'dominio/register',
    update: 'dominio/update/{id}',
    delete: 'dominio/delete/{id}',
  },
  comentario: { list: 'comentario/getComentarios', create: 'comentario/register' },
  progreso: { list: 'progreso/progresos' },
  usuario: { list: 'user/usuarios', one: 'user/{id}', update: 'user/{id}' },
  rol: { list: 'rol/getRoles', one: 'rol/getRole/{id}', create: 'rol/register', update: 'rol/update/{id}', delete: 'rol/delete/{id}' },
  resultados: { list: 'resultados/resultados-profesor' },
};

describe('the table spells every call as the spec does', () => {
  it('has one row per admin resource, with exactly the spec paths (evaluacion adds the declared one-record path)', () => {
    // Beside the spec's resources, every resource declared since (memory, review log, classes...):
    // read from the registry, so a new resource's folder is all it takes.
    const declared = DECLS.map((d) => d.name);
    for (const name of Object.keys(SPEC)) expect(Object.keys(RESOURCE_TABLE), name).toContain(name);
    expect(Object.keys(RESOURCE_TABLE).sort()).toEqual([...new Set([...Object.keys(SPEC), ...declared])].sort());
    for (const [name, paths] of Object.entries(SPEC)) expect(RESOURCE_TABLE[name]!.paths, name).toEqual(paths);
  });

  it('every row but the teacher report takes its spellings from the server declaration', () => {
    for (const d of DECLS) {
      expect(RESOURCE_TABLE[d.name]!.paths, d.name).toEqual(d.paths);
      expect(RESOURCE_TABLE[d.name]!.idField, d.name).toBe(d.idField);
      expect(RESOURCE_TABLE[d.name]!.multipart, d.name).toBe(d.multipart);
    }
    expect(RESOURCE_TABLE.palabra).toMatchObject({ dedupeBy: 'id_palabra', errorMessageKey: 'message' });
    expect(RESOURCE_TABLE.multimedia!.fileFields).toEqual(['file']);
  });

  it('list keys: users for usuarios, plain arrays for getMultimedias and resultados-profesor, data elsewhere', () => {
    for (const [name, row] of Object.entries(RESOURCE_TABLE)) {
      const want = name === 'usuario' ? 'users' : name === 'multimedia' || name === 'resultados' ? null : 'data';
      expect(row.listKey, name).toBe(want);
    }
  });

  it('server declarations win over the row (spelt once), quirks stay', () => {
    const merged = mergeRow(
      { name: 'x', dedupeBy: 'id_x', readOnlyFields: ['rel'] },
      { ...institucionResource, name: 'x', idField: 'id_x', paths: { list: 'x/getXs', one: 'x/getX/{id}' } },
    );
    expect(merged.paths).toEqual({ list: 'x/getXs', one: 'x/getX/{id}' });
    expect(merged.idField).toBe('id_x');
    expect(merged.dedupeBy).toBe('id_x');
    expect(merged.readOnlyFields).toEqual(['rel']);
    expect(() => mergeRow({ name: 'huérfano' }, undefined)).toThrow('Sin declaración');
    const table = buildTable(DECLS.map((d) => (d.name === 'institucion' ? { ...d, paths: { ...d.paths, list: 'institucion/getInstituciones?v=2' } } : d)));
    expect(() => buildTable(DECLS.filter((d) => d.name !== 'nivel'))).toThrow('Sin declaración para nivel');
    expect(table.institucion!.paths.list).toBe('institucion/getInstituciones?v=2');
    expect(table.usuario!.listKey).toBe('users');
  });
});

describe('getList', () => {
  it('sends page/perPage/sort/order/q and reads the total from X-Total-Count', async () => {
    const seen = mockFetch(() => ({ body: { data: [{ id_institucion: 3, nombre: 'Escuela' }] }, headers: { 'X-Total-Count': '41' } }));
    const r = await dp().getList('institucion', { pagination: { page: 2, perPage: 10 }, sort: { field: 'nombre', order: 'DESC' }, filter: { q: ' escu ' } });
    expect(seen[0]!.url).toBe('/api/institucion/getInstituciones?page=2&perPage=10&sort=nombre&order=DESC&q=escu');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer TKN');
    expect(seen[0]!.headers.get('X-XSRF-TOKEN')).toBeNull(); // GET carries no anti-forgery header
    expect(r.total).toBe(41);
    expect(r.data).toEqual([{ id: 3, id_institucion: 3, nombre: 'Escuela' }]);
  });

  it('reads {users:[...]} for usuario', async () => {
    mockFetch(() => ({
      body: {
        users: [
          { id: 1, nombre: 'Ana' },
          { id: 2, nombre: 'Beto' },
        ],
      },
      headers: { 'X-Total-Count': '2' },
    }));
    const r = await dp().getList('usuario', listPage);
    expect(r.data.map((u) => u.nombre)).toEqual(['Ana', 'Beto']);
  });

  it('reads a plain array for multimedia and resultados', async () => {
    mockFetch((url) => ({
      body: url.pathname.includes('multimedia') ? [{ id: 9, tipo: 'gif' }] : [{ id: 4, puntaje: 80 }],
      headers: { 'X-Total-Count': '1' },
    }));
    expect((await dp().getList('multimedia', listPage)).data).toEqual([{ id: 9, tipo: 'gif' }]);
    expect((await dp().getList('resultados', listPage)).data).toEqual([{ id: 4, puntaje: 80 }]);
  });

  it('de-duplicates getPalabras by id_palabra', async () => {
    mockFetch(() => ({
      body: {
        data: [
          { id_palabra: 1, palabraEspanol: 'gato' },
          { id_palabra: 1, palabraEspanol: 'gato' },
          { id_palabra: 2, palabraEspanol: 'perro' },
        ],
      },
      headers: { 'X-Total-Count': '2' },
    }));
    const r = await dp().getList('palabra', listPage);
    expect(r.data.map((p) => p.id)).toEqual([1, 2]);
    expect(r.total).toBe(2);
  });

  it('every list is paged by the server: one without X-Total-Count is an error, not a whole list paged here', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ id_nivel: i + 1, nombre_nivel: `Nivel ${i + 1}` }));
    const seen = mockFetch(() => ({ body: { data: rows } }));
    await expect(dp().getList('nivel', { pagination: { page: 2, perPage: 10 }, sort: { field: 'id_nivel', order: 'DESC' }, filter: {} })).rejects.toMatchObject(
      { status: 500 },
    );
    expect(seen[0]!.url).toBe('/api/nivel/getNivels?page=2&perPage=10&sort=id_nivel&order=DESC');
  });

  it('filters go to the server with the page, sort and search', async () => {
    const seen = mockFetch(() => ({ body: { data: [{ id_pregunta: 2, id_evaluacion: 2 }] }, headers: { 'X-Total-Count': '1' } }));
    const r = await dp().getList('pregunta', { ...listPage, filter: { id_evaluacion: 2, q: 'casa', vacio: '' } });
    expect(seen[0]!.url).toBe('/api/pregunta/getPreguntas?page=1&perPage=25&sort=id&order=ASC&q=casa&id_evaluacion=2');
    expect(r.data.map((p) => p.id)).toEqual([2]);
    expect(r.total).toBe(1);
  });

  it('a sort the server refuses (400) rejects with its message; the whole list is never fetched instead', async () => {
    const seen = mockFetch(() => ({ status: 400, body: { msg: 'No se puede ordenar por "x".', code: 'INVALID_QUERY' } }));
    await expect(dp().getList('palabra', { pagination: { page: 1, perPage: 10 }, sort: { field: 'x', order: 'ASC' }, filter: {} })).rejects.toMatchObject({
      status: 400,
      message: 'No se puede ordenar por "x".',
    });
    expect(seen).toHaveLength(1);
  });

  it('a sort by id is sent too (descending ids used to change only the arrow)', async () => {
    const seen = mockFetch(() => ({ body: [{ id: 9 }, { id: 3 }], headers: { 'X-Total-Count': '2' } }));
    const r = await dp().getList('multimedia', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(seen[0]!.url).toBe('/api/multimedia/getMultimedias?page=1&perPage=25&sort=id&order=DESC');
    expect(r.data.map((m) => m.id)).toEqual([9, 3]);
  });

  it('a refused list rejects with the server msg and status', async () => {
    mockFetch(() => ({ status: 403, body: { msg: 'No tienes permiso.', code: 'FORBIDDEN' } }));
    await expect(dp().getList('usuario', listPage)).rejects.toMatchObject({ status: 403, message: 'No tienes permiso.' });
  });
});

describe('getOne, getMany, getManyReference', () => {
  it('getOne reads {data:{...}} from the one path', async () => {
    const seen = mockFetch(() => ({ body: { data: { id_nivel: 5, nombre_nivel: 'Colores' } } }));
    const r = await dp().getOne('nivel', { id: 5 });
    expect(seen[0]!.url).toBe('/api/nivel/getNivel/5');
    expect(r.data).toMatchObject({ id: 5, nombre_nivel: 'Colores' });
  });

  it('getOne accepts a bare record too', async () => {
    mockFetch(() => ({ body: { id: 7, tipo: 'audio' } }));
    expect((await dp().getOne('multimedia', { id: 7 })).data).toMatchObject({ id: 7, tipo: 'audio' });
  });

  it('getOne without a one-record path asks the list for that id', async () => {
    const seen = mockFetch((url) => ({
      body: { data: url.searchParams.get('ids') === '2' ? [{ id_evaluacion: 2, puntaje: 20 }] : [] },
      headers: { 'X-Total-Count': '1' },
    }));
    const table = { ...RESOURCE_TABLE, evaluacion: { ...RESOURCE_TABLE.evaluacion!, paths: { ...RESOURCE_TABLE.evaluacion!.paths, one: undefined } } };
    const noOne = createDataProvider({ apiBase: BASE, table, upload: up.fn, token: () => null, xsrf: () => null });
    const r = await noOne.getOne('evaluacion', { id: '2' });
    expect(seen[0]!.url).toBe('/api/evaluacion/getEvaluaciones?ids=2&perPage=1&page=1');
    expect(r.data).toMatchObject({ id: 2, puntaje: 20 });
    await expect(noOne.getOne('evaluacion', { id: 99 })).rejects.toMatchObject({ status: 404 });
  });

  it('getOne 404 carries the server message', async () => {
    mockFetch(() => ({ status: 404, body: { msg: 'Nivel no encontrado.', code: 'NOT_FOUND' } }));
    await expect(dp().getOne('nivel', { id: 1 })).rejects.toMatchObject({ status: 404, message: 'Nivel no encontrado.' });
  });

  it('getMany asks the server for those ids only', async () => {
    const seen = mockFetch(() => ({ body: { data: [{ id_nivel: 1 }, { id_nivel: 3 }] }, headers: { 'X-Total-Count': '2' } }));
    expect((await dp().getMany('nivel', { ids: [1, 3] })).data.map((n) => n.id)).toEqual([1, 3]);
    expect(seen[0]!.url).toBe('/api/nivel/getNivels?ids=1%2C3&perPage=2&page=1');
  });

  it('references are the list filtered by the server (answers of a question, words of a level)', async () => {
    const seen = mockFetch((url) => ({
      body: { data: url.pathname.includes('Respuestas') ? [{ id_respuesta: 4, id_pregunta: 2 }] : [{ id_palabra: 2, id_nivel: 2 }] },
      headers: { 'X-Total-Count': '1' },
    }));
    const a = await dp().getManyReference('respuesta', { target: 'id_pregunta', id: 2, ...listPage });
    const w = await dp().getManyReference('palabra', { target: 'id_nivel', id: 2, ...listPage });
    expect(seen.map((x) => x.url)).toEqual([
      '/api/respuesta/getRespuestas?page=1&perPage=25&sort=id&order=ASC&id_pregunta=2',
      '/api/palabra/getPalabras?page=1&perPage=25&sort=id&order=ASC&id_nivel=2',
    ]);
    expect(a.data[0]!.id).toBe(4);
    expect(w.total).toBe(1);
  });
});

describe('writes', () => {
  it('JSON create posts the fields (level as a number), with bearer and X-XSRF-TOKEN', async () => {
    const seen = mockFetch(() => ({
      status: 201,
      body: { msg: 'Palabra creada.', data: { id_palabra: 11, palabraEspanol: 'sol', palabraIngles: 'sun', id_nivel: 2 } },
    }));
    const r = await dp().create('palabra', { data: { palabraEspanol: 'sol', palabraIngles: 'sun', id_nivel: '2', nivel: { nombre_nivel: 'x' } } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/palabra/register', body: { palabraEspanol: 'sol', palabraIngles: 'sun', id_nivel: 2 } });
    expect(seen[0]!.headers.get('X-XSRF-TOKEN')).toBe('XS');
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer TKN');
    expect(r.data).toMatchObject({ id: 11, palabraEspanol: 'sol' });
  });

  it('JSON update puts to the update path and never sends the id alias or relations', async () => {
    const seen = mockFetch(() => ({ body: { msg: 'ok', data: { id_dominio: 4, dominio: 'b.edu', id_institucion: 1 } } }));
    const r = await dp().update('dominio', {
      id: 4,
      data: { id: 4, id_dominio: 4, dominio: 'b.edu', id_institucion: '1', institucion: { nombre: 'X' } },
      previousData: { id: 4 },
    });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/dominio/update/4', body: { dominio: 'b.edu', id_institucion: 1 } });
    expect(r.data).toMatchObject({ id: 4, dominio: 'b.edu' });
  });

  it('rol sends idUsuario as a number', async () => {
    const seen = mockFetch(() => ({ status: 201, body: { msg: 'ok', data: { id: 3, nombre: 'profesor', id_usuario: 5 } } }));
    await dp().create('rol', { data: { nombre: 'profesor', descripcion: 'Docente', id_usuario: '5' } });
    expect(seen[0]!.body).toEqual({ nombre: 'profesor', descripcion: 'Docente', idUsuario: 5 });
  });

  it('comentario sends id_user and calificacion as numbers', async () => {
    const seen = mockFetch(() => ({ status: 201, body: { msg: 'ok', data: { id_comentario: 1 } } }));
    await dp().create('comentario', { data: { id_user: '4', comentario: 'Bien', calificacion: '5' } });
    expect(seen[0]!.body).toEqual({ id_user: 4, comentario: 'Bien', calificacion: 5 });
  });

  it('the users status toggle sends the full user with the inverted status', async () => {
    const user = { id: 4, nombre: 'Mateo', apellido: 'López', email: 'nino@manitas.test', phone: null, status: true, rol: 'usuario' };
    const seen = mockFetch(() => ({ body: { msg: 'Usuario desactivado correctamente.', data: { ...user, status: false } } }));
    const r = await dp().update('usuario', { id: 4, data: { ...user, status: false }, previousData: user });
    expect(seen[0]).toMatchObject({ method: 'PUT', url: '/api/user/4' });
    expect(seen[0]!.body).toEqual({ nombre: 'Mateo', apellido: 'López', email: 'nino@manitas.test', phone: null, status: false, rol: 'usuario' });
    expect(r.data.status).toBe(false);
  });

  it('multipart create sends text fields and the chosen file, reports progress, returns data', async () => {
    up.answer({ msg: 'Nivel creado', data: { id_nivel: 9, nombre_nivel: 'Animales', imagen: 'abc.png' } });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'leon.png', { type: 'image/png' });
    const r = await dp().create('nivel', {
      data: { nombre_nivel: 'Animales', descripcion: 'Zoo', dificultad: 'Fácil', imagen: { rawFile: file, src: 'blob:x' } },
    });
    expect(up.calls[0]!.method).toBe('POST');
    expect(up.calls[0]!.path).toBe('nivel/register');
    const f = up.calls[0]!.form;
    expect(f.get('nombre_nivel')).toBe('Animales');
    expect(f.get('dificultad')).toBe('Fácil');
    expect((f.get('imagen') as File).name).toBe('leon.png');
    expect(r.data).toMatchObject({ id: 9, imagen: 'abc.png' });
  });

  it('multipart update does not resend an unchanged file (a stored name or preview)', async () => {
    up.answer({ msg: 'ok', data: { id_pregunta: 2 } });
    await dp().update('pregunta', {
      id: 2,
      data: {
        pregunta: '¿Qué es?',
        Tipo: 'Texto',
        porcentaje: 50,
        id_evaluacion: 1,
        imagen: { src: '/uploads/preguntas/a.png', title: 'a.png' },
        respuestas: [{ respuesta: 'sí', valor: true }],
      },
      previousData: { id: 2 },
    });
    const f = up.calls[0]!.form;
    expect(up.calls[0]).toMatchObject({ method: 'PUT', path: 'pregunta/update/2' });
    expect(f.has('imagen')).toBe(false);
    expect(f.get('respuestas')).toBe('[{"respuesta":"sí","valor":true}]');
  });

  it('multimedia sends its file under `file`, contenido under `archivo`', async () => {
    const file = new File([new Uint8Array([71, 73, 70])], 's.gif', { type: 'image/gif' });
    await dp().create('multimedia', { data: { tipo: 'gif', descripcion: 'gifSena', id_palabra: 3, file: { rawFile: file } } });
    await dp().create('conten', { data: { tipo_contenido: 'Imagen', id_nivel: 1, archivo: { rawFile: file } } });
    expect(up.calls.map((c) => c.path)).toEqual(['multimedia/register', 'contenido/create']);
    expect((up.calls[0]!.form.get('file') as File).name).toBe('s.gif');
    expect((up.calls[1]!.form.get('archivo') as File).name).toBe('s.gif');
  });

  it('a refused upload rejects with the server message and its per-field errors', async () => {
    up.fail(
      Object.assign(new Error('Solo se permiten imágenes y GIFs.'), {
        status: 400,
        msg: 'Solo se permiten imágenes y GIFs.',
        fields: { imagen: 'Formato inválido.' },
      }),
    );
    await expect(dp().create('nivel', { data: { nombre_nivel: 'x' } })).rejects.toMatchObject({
      status: 400,
      message: 'Solo se permiten imágenes y GIFs.',
      body: { errors: { imagen: 'Formato inválido.' } },
    });
  });

  it('delete calls the delete path and returns the previous record', async () => {
    const seen = mockFetch(() => ({ body: { msg: 'Eliminado' } }));
    const r = await dp().delete('conten', { id: 6, previousData: { id: 6, tipo_contenido: 'Texto' } });
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: '/api/contenido/6' });
    expect(r.data).toEqual({ id: 6, tipo_contenido: 'Texto' });
  });

  it('a failed word delete reads error.message first', async () => {
    mockFetch(() => ({ status: 409, body: { message: 'La palabra tiene multimedia.', msg: 'otro' } }));
    await expect(dp().delete('palabra', { id: 1 })).rejects.toMatchObject({ status: 409, message: 'La palabra tiene multimedia.' });
    mockFetch(() => ({ status: 409, body: { msg: 'El nivel tiene palabras.' } }));
    await expect(dp().delete('nivel', { id: 1 })).rejects.toMatchObject({ message: 'El nivel tiene palabras.' });
  });

  it('deleteMany and updateMany go record by record', async () => {
    const seen = mockFetch(() => ({ body: { msg: 'ok' } }));
    await dp().deleteMany('dominio', { ids: [1, 2] });
    await dp().updateMany('institucion', { ids: [3], data: { nombre: 'Y' } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['DELETE /api/dominio/delete/1', 'DELETE /api/dominio/delete/2', 'PUT /api/institucion/update/3']);
  });

  it('verbs a resource does not have are refused without a call', async () => {
    const seen = mockFetch(() => ({ body: {} }));
    await expect(dp().delete('comentario', { id: 1 })).rejects.toMatchObject({ status: 405 });
    await expect(dp().create('usuario', { data: {} })).rejects.toMatchObject({ status: 405 });
    await expect(dp().getList('nada', listPage)).rejects.toThrow('Recurso desconocido');
    expect(seen).toHaveLength(0);
  });
});
