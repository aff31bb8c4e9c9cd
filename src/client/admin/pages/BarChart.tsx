import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface Bar {
  label: string;
  value: number | null;
  hint?: string;
}

/**
 * A plain bar chart (no chart library): each bar carries its number as text, so the figures are
 * readable without the picture. `max` fixes the scale (100 for percentages).
 */
export function BarChart({ title, bars, max, unit = '', color = 'primary.main' }: { title: string; bars: Bar[]; max?: number; unit?: string; color?: string }) {
  const top = max ?? Math.max(1, ...bars.map((b) => b.value ?? 0));
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label={title}>
      <Typography component="figcaption" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {bars.length === 0 && <Typography color="text.secondary">Sin datos todavía.</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.2 }}>
        {bars.map((b) => {
          const pct = b.value === null ? 0 : Math.max(2, Math.round((b.value / top) * 100));
          return (
            <Box component="li" key={b.label} sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 160px) 1fr 64px', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 700 }} title={b.hint}>
                {b.label}
              </Typography>
              <Box sx={{ bgcolor: 'action.hover', borderRadius: 999, height: 18, overflow: 'hidden' }}>
                <Box sx={{ width: `${pct}%`, height: '100%', bgcolor: color, borderRadius: 999, transition: 'width .4s' }} />
              </Box>
              <Typography variant="body2" sx={{ textAlign: 'right' }} data-testid={`bar-${b.label}`}>
                {b.value === null ? '—' : `${b.value.toLocaleString('es-MX')}${unit}`}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
