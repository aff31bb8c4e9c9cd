/** Dashboard figures computed from the list endpoints (no extra server endpoint). */
export interface ResultRow {
  puntaje?: unknown;
  nivel?: { nombre_nivel?: string } | null;
}

/** Average score per level name, rounded to one decimal, in first-seen order. */
export function averageByLevel(rows: readonly ResultRow[]): { label: string; value: number; count: number }[] {
  const acc = new Map<string, { sum: number; n: number }>();
  for (const r of rows) {
    const score = Number(r.puntaje);
    if (!Number.isFinite(score)) continue;
    const key = r.nivel?.nombre_nivel || 'Sin nivel';
    const a = acc.get(key) ?? { sum: 0, n: 0 };
    a.sum += score;
    a.n += 1;
    acc.set(key, a);
  }
  return [...acc].map(([label, a]) => ({ label, value: Math.round((a.sum / a.n) * 10) / 10, count: a.n }));
}

/** Learners = accounts whose role is the plain usuario (no staff role). */
export function countLearners(users: readonly { rol?: unknown; roles?: unknown }[]): number {
  return users.filter((u) => {
    const r = String(u.rol ?? '').trim().toLowerCase();
    return r === '' || r === 'usuario';
  }).length;
}
