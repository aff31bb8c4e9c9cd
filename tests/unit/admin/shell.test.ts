import { afterEach, describe, expect, it, vi } from 'vitest';
import { listSearchUrl, orderGroups, resultHref, searchTarget } from '../../../src/client/admin/layout/search';
import { createDataProvider, OFFLINE_MESSAGES } from '../../../src/client/admin/dataProvider';
import { shouldRetry } from '../../../src/client/admin/queryClient';
import { foldSearch } from '../../../src/server/resources/list';

/** The top-bar search's rules, accent folding, and a lost connection named at once. */
describe('top-bar search: what it does where the user is', () => {
  const lists = ['usuario', 'nivel', 'palabra'];
  it('the users list keeps the spec event; another list filters itself; anywhere else searches everything', () => {
    expect(searchTarget('/admin/usuario', lists)).toEqual({ kind: 'usuario' });
    expect(searchTarget('/admin/nivel', lists)).toEqual({ kind: 'list', resource: 'nivel' });
    expect(searchTarget('/admin/nivel/', lists)).toEqual({ kind: 'list', resource: 'nivel' });
    expect(searchTarget('/admin/nivel/3', lists)).toEqual({ kind: 'global' });
    expect(searchTarget('/admin/nivel/create', lists)).toEqual({ kind: 'global' });
    expect(searchTarget('/admin/inicio', lists)).toEqual({ kind: 'global' });
    // A list the role may not open is not "this list".
    expect(searchTarget('/admin/rol', lists)).toEqual({ kind: 'global' });
  });

  it("sets the list's q filter in the address, keeping its other filters, back on page 1", () => {
    const url = listSearchUrl('/admin/palabra', '?filter=%7B%22id_nivel%22%3A2%7D&page=3&sort=id', ' niño ');
    const p = new URLSearchParams(url.split('?')[1]);
    expect(url.startsWith('/admin/palabra?')).toBe(true);
    expect(JSON.parse(p.get('filter')!)).toEqual({ id_nivel: 2, q: 'niño' });
    expect(p.get('page')).toBe('1');
    expect(p.get('sort')).toBe('id');
    // An empty term removes q; a broken filter in the address starts from none.
    expect(JSON.parse(new URLSearchParams(listSearchUrl('/admin/palabra', '?filter=%7B%22q%22%3A%22x%22%7D', '').split('?')[1]).get('filter')!)).toEqual({});
    expect(JSON.parse(new URLSearchParams(listSearchUrl('/admin/palabra', '?filter=nope', 'a').split('?')[1]).get('filter')!)).toEqual({ q: 'a' });
  });

  it('a result opens its edit screen, else its show screen, else the list filtered by the term', () => {
    expect(resultHref('nivel', 7, 'x', { edit: true })).toBe('/admin/nivel/7');
    expect(resultHref('progreso', 7, 'x', { show: true })).toBe('/admin/progreso/7/show');
    expect(resultHref('comentario', 7, 'hola', {})).toBe(`/admin/comentario?${new URLSearchParams({ filter: '{"q":"hola"}', page: '1' })}`);
  });

  it('groups follow the sidebar order, unknown last', () => {
    const order = { nivel: 3, palabra: 4, usuario: 2 };
    expect(orderGroups([{ resource: 'x' }, { resource: 'palabra' }, { resource: 'usuario' }, { resource: 'nivel' }], order).map((g) => g.resource)).toEqual([
      'usuario',
      'nivel',
      'palabra',
      'x',
    ]);
  });
});

describe('accent folding', () => {
  it('folds á é í ó ú ü ñ and their upper case, and nothing else', () => {
    expect(foldSearch('ÁRBOL López Niño Pingüino ÑANDÚ')).toBe('arbol lopez nino pinguino nandu');
    expect(foldSearch('ç 50% a_b')).toBe('ç 50% a_b');
  });
});

describe('lost connection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a save with no answer says so at once (status 0, OFFLINE) and is not retried', async () => {
    const fetchFn = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchFn);
    const dp = createDataProvider({ apiBase: 'http://test/api/', token: () => 't', xsrf: () => 'x' });
    const err = await dp.create('institucion', { data: { nombre: 'Escuela' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: OFFLINE_MESSAGES.save, status: 0, body: { code: 'OFFLINE' } });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(shouldRetry(0, err)).toBe(false);
    const load = await dp
      .getList('institucion', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(load).toMatchObject({ message: OFFLINE_MESSAGES.load, status: 0 });
    const del = await dp.delete('institucion', { id: 1 }).catch((e: unknown) => e);
    expect(del).toMatchObject({ message: OFFLINE_MESSAGES.delete });
  });

  it("a server's refusal is still the server's message, not a lost connection", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ msg: 'Ya existe.' }), { status: 409, headers: { 'Content-Type': 'application/json' } }));
    const dp = createDataProvider({ apiBase: 'http://test/api/', token: () => 't', xsrf: () => 'x' });
    const err = await dp.create('institucion', { data: { nombre: 'Escuela' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'Ya existe.', status: 409 });
  });
});
