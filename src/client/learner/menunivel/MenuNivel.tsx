import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PetsIcon from '@mui/icons-material/Pets';
import PaletteIcon from '@mui/icons-material/Palette';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import RestaurantIcon from '@mui/icons-material/Restaurant';
import { LearnerPage } from '../ui/LearnerPage';

const SAMPLE = [
  { Icon: PetsIcon, es: 'perro', en: 'dog', color: '#ffe3ec' },
  { Icon: PaletteIcon, es: 'rojo', en: 'red', color: '#e3f2ff' },
  { Icon: FamilyRestroomIcon, es: 'familia', en: 'family', color: '#fff4d6' },
  { Icon: RestaurantIcon, es: 'comida', en: 'food', color: '#e6f7ea' },
];

/**
 * /Menunivel: the level menu component with no behaviour, only styling (screens-learner.md L-17) — a
 * static preview of how a level menu looks, with nothing to press.
 */
export default function MenuNivel() {
  return (
    <LearnerPage>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, color: 'primary.dark', mb: 1 }}>
        Menú de nivel
      </Typography>
      <Typography sx={{ mb: 3, fontSize: '1.15rem' }}>Así se ve un nivel: sus palabras con su seña, en español y en inglés.</Typography>
      <Box
        component="ul"
        aria-label="Ejemplo de palabras"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, p: 0, m: 0 }}
      >
        {SAMPLE.map((w) => (
          <Paper component="li" key={w.es} sx={{ listStyle: 'none', p: 2, textAlign: 'center', bgcolor: w.color, borderRadius: 4 }}>
            <w.Icon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.dark' }} />
            <Typography sx={{ fontWeight: 800, fontSize: '1.4rem' }}>{w.es}</Typography>
            <Typography lang="en" sx={{ color: 'text.secondary' }}>
              {w.en}
            </Typography>
          </Paper>
        ))}
      </Box>
    </LearnerPage>
  );
}
