import { useQuery } from '@tanstack/react-query';
import { atLeast, readRole } from '../../../../shared/roles';
import type { ClaseAlumnoWire, ClaseWire } from '../../../../shared/resources/clases';
import type { PictureKey } from '../../../../shared/rules/classes';
import { apiGet } from '../../../api/http';
import { getStoredUser } from '../../../auth/session';
import { fechaEnLetras } from '../../../../shared/rules/dates';

/** Whether the signed-in staff member sees every class and picks teachers (admin, superadmin). */
export const isAdminUser = () => atLeast(readRole(getStoredUser()), 'admin');

/** The signed-in user's id and "Nombre Apellido" (a profesor is the teacher of what they create). */
export function me(): { id: number; nombre: string } {
  const u = getStoredUser() as { id?: unknown; nombre?: unknown; apellido?: unknown } | null;
  return { id: Number(u?.id ?? 0), nombre: `${String(u?.nombre ?? '')} ${String(u?.apellido ?? '')}`.trim() };
}

/** Query keys of a class's screens, so a change on one refreshes the others. */
export const claseKeys = {
  clase: (id: string) => ['clase', id] as const,
  alumnos: (id: string) => ['clase', id, 'alumnos'] as const,
  tarjetas: (id: string) => ['clase', id, 'tarjetas'] as const,
};

/** GET api/clase/getClase/{id} (the resource's one-record path) → { data: ClaseWire }. */
export function useClase(id: string) {
  return useQuery({
    queryKey: claseKeys.clase(id),
    queryFn: async () => {
      const res = await apiGet<{ data?: ClaseWire } & Partial<ClaseWire>>(`clase/getClase/${encodeURIComponent(id)}`);
      return (res.data ?? res) as ClaseWire;
    },
  });
}

/** GET api/clase/{id}/alumnos → { data: ClaseAlumnoWire[] } (part A). */
export function useAlumnos(id: string) {
  return useQuery({
    queryKey: claseKeys.alumnos(id),
    queryFn: async () => (await apiGet<{ data: ClaseAlumnoWire[] }>(`clase/${encodeURIComponent(id)}/alumnos`)).data,
  });
}

/** GET api/clase/{id}/tarjetas (part B): what the printed login cards show. */
export interface TarjetasWire {
  clase: { nombre: string; codigo: string };
  alumnos: { id: number; nombre: string; apellido: string; avatar: string | null; imagenes: PictureKey[] | null }[];
}

export function useTarjetas(id: string) {
  return useQuery({
    queryKey: claseKeys.tarjetas(id),
    queryFn: async () => (await apiGet<{ data: TarjetasWire }>(`clase/${encodeURIComponent(id)}/tarjetas`)).data,
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "14/03/2017" (dd/mm/aaaa, written out here, never the browser's locale) from "2017-03-14"; an ISO
 * timestamp is first taken to the browser's own calendar day. '' when unknown.
 */
export function fechaCorta(v: string | null | undefined): string {
  const s = v ?? '';
  if (/^\d{4}-\d{2}-\d{2}T/.test(s)) {
    const d = new Date(s);
    if (!Number.isNaN(d.getTime())) return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** "4 de mayo de 2030" from "2030-05-04": a due date nobody can read as April 5. '' when unknown. */
export const fechaLarga = (v: string | null | undefined): string => fechaEnLetras(v);

/** The browser's time zone, sent as ?tz= so the activity days are the teacher's own calendar days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
