import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The empty state of every Memoria screen. */
export const SIN_REPASOS = 'Todavía no hay repasos.';

/** Colours of 0–3 stars (weak → strong), readable on white and distinct without red/green alone (the stars count is also written). */
export const STAR_COLORS = ['#9e9e9e', '#ef6c00', '#7cb342', '#2e7d32'] as const;
export const STAR_LABELS = ['Sin fuerza (0★)', 'Débil (1★)', 'En camino (2★)', 'Fuerte (3★)'] as const;

/** ★★☆ with the number for screen readers and the CSV. */
export function Stars({ n }: { n: number }) {
  const v = Math.max(0, Math.min(3, Math.round(n)));
  return (
    <Box
      component="span"
      aria-label={`${v} de 3 estrellas`}
      title={`${v} de 3 estrellas`}
      sx={{ color: STAR_COLORS[v], letterSpacing: 1, whiteSpace: 'nowrap' }}
    >
      {'★'.repeat(v)}
      <Box component="span" sx={{ color: 'action.disabled' }}>
        {'☆'.repeat(3 - v)}
      </Box>
    </Box>
  );
}

/** dd/mm/aaaa hh:mm in the viewer's time zone; '-' when missing. */
export function dateTime(v: unknown): string {
  if (v === null || v === undefined || v === '') return '-';
  const d = new Date(String(v));
  return Number.isNaN(d.getTime()) ? '-' : d.toLocaleString('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** '24/11' from a YYYY-MM-DD day. */
export const dayMonth = (fecha: string) => `${fecha.slice(8, 10)}/${fecha.slice(5, 7)}`;

/** ts-fsrs Rating as the teacher reads it. */
export const CALIFICACION: Record<number, string> = { 1: 'Otra vez', 2: 'Difícil', 3: 'Bien', 4: 'Fácil' };
/** Where a review came from. */
export const FUENTE: Record<string, string> = { repaso: 'Repaso de hoy', juego: 'Juego', cuestionario: 'Cuestionario', practica: '¡Ahora tú!' };

type Screen = 'memoria' | 'dificiles' | 'repaso';
const NAV: { screen: Screen; to: string; label: string }[] = [
  { screen: 'memoria', to: '/admin/memoria', label: 'Memoria de los alumnos' },
  { screen: 'dificiles', to: '/admin/memoria/dificiles', label: 'Palabras difíciles' },
  { screen: 'repaso', to: '/admin/repaso', label: 'Registro de repasos' },
];

/** The links to the other Memoria screens (bare buttons: a toolbar or a wrapping row lays them out). */
function MemoriaNavButtons({ here }: { here?: Screen }) {
  return (
    <>
      {NAV.filter((n) => n.screen !== here).map((n) => (
        <Button key={n.screen} size="small" variant="outlined" component={Link} to={n.to} sx={{ whiteSpace: 'nowrap' }}>
          {n.label}
        </Button>
      ))}
    </>
  );
}

/** The same links as a wrapping row (top of the pages). */
export function MemoriaNav({ here, children }: { here?: Screen; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {children}
      <MemoriaNavButtons here={here} />
    </Box>
  );
}

/** A figure with its label: the teacher's numbers at a glance. */
export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5, minWidth: 150, flex: '1 1 150px', bgcolor: 'background.paper' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
