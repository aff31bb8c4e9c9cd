/**
 * What the top-bar search does where the user is (screens-backoffice.md B-1.1), as plain functions so the rules are
 * unit-tested without a browser:
 * - on the users list, as B-4 describes: the 'search-usuario' event filters it as one types;
 * - on another resource's list, it sets that list's `q` filter through the address
 *   (`?filter={"q":...}`, which react-admin lists read), keeping the list's other filters;
 * - anywhere else, it searches every resource the role may read (GET /api/buscar) and shows the
 *   results grouped by type.
 */
type SearchTarget = { kind: 'usuario' } | { kind: 'list'; resource: string } | { kind: 'global' };

/** `listResources`: the resources that have a list screen the user may open. */
export function searchTarget(pathname: string, listResources: readonly string[]): SearchTarget {
  const m = /^\/admin\/([^/]+)\/?$/.exec(pathname);
  const name = m?.[1];
  if (name && listResources.includes(name)) return name === 'usuario' ? { kind: 'usuario' } : { kind: 'list', resource: name };
  return { kind: 'global' };
}

/** The list's address with its `q` filter set to `q` (removed when empty), back on page 1. */
export function listSearchUrl(pathname: string, search: string, q: string): string {
  const params = new URLSearchParams(search);
  let filter: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(params.get('filter') ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) filter = parsed as Record<string, unknown>;
  } catch {
    /* a hand-edited address: start from no filter */
  }
  const term = q.trim();
  if (term) filter.q = term;
  else delete filter.q;
  params.set('filter', JSON.stringify(filter));
  params.set('page', '1');
  return `${pathname}?${params}`;
}

export interface SearchGroup {
  resource: string;
  items: { id: string | number; label: string; detail: string }[];
  more: boolean;
}

/** Where a result opens: its edit screen, else its show screen, else its list filtered by the term. */
export function resultHref(resource: string, id: string | number, q: string, screens: { edit?: boolean; show?: boolean }): string {
  const base = `/admin/${resource}`;
  if (screens.edit) return `${base}/${encodeURIComponent(String(id))}`;
  if (screens.show) return `${base}/${encodeURIComponent(String(id))}/show`;
  return listSearchUrl(base, '', q);
}

/** The groups in the sidebar's order (menu order), unknown resources last. */
export function orderGroups<G extends { resource: string }>(groups: readonly G[], order: Readonly<Record<string, number>>): G[] {
  return [...groups].sort((a, b) => (order[a.resource] ?? 999) - (order[b.resource] ?? 999));
}
