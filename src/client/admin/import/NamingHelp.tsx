import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';

/** The naming rules of src/shared/rules/mediaImport.ts, as examples. */
const EXAMPLES: { names: string[]; slot: string }[] = [
  { names: ['gato.gif', 'gato.mp4'], slot: 'Seña (GIF o video)' },
  { names: ['gato-menu.gif'], slot: 'GIF del menú' },
  { names: ['gato.png', 'gato.jpg'], slot: 'Imagen (español)' },
  { names: ['gato-en.png'], slot: 'Imagen (inglés)' },
  { names: ['gato.mp3', 'gato-es.m4a'], slot: 'Audio (español)' },
  { names: ['gato-en.mp3'], slot: 'Audio (inglés)' },
];

function Rules() {
  return (
    <>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 1, m: 0, mb: 1 }}
      >
        {EXAMPLES.map((e) => (
          <Box key={e.slot} sx={{ display: 'flex', flexDirection: 'column' }}>
            <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {e.names.join(' · ')}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              → {e.slot}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Mayúsculas, tildes, «ñ», espacios y guiones no importan, ni las carpetas del zip. Se busca la palabra en español y, si no está, en inglés. Un GIF con
        «-es» o «-en» es la imagen de ese idioma; «-seña» también marca la seña.
      </Typography>
    </>
  );
}

/** «Cómo nombrar los archivos»: open on an empty page, a disclosure once files are listed. */
export function NamingHelp({ collapsed = false }: { collapsed?: boolean }) {
  const [open, setOpen] = useState(false);
  if (!collapsed) {
    return (
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} id="importar-ayuda">
        <Typography variant="subtitle1" component="h2" fontWeight={600} sx={{ mb: 1 }}>
          Cómo nombrar los archivos
        </Typography>
        <Rules />
      </Paper>
    );
  }
  return (
    <Box sx={{ mb: 2 }} id="importar-ayuda">
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="importar-reglas"
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      >
        Cómo nombrar los archivos
      </Button>
      {open && (
        <Paper variant="outlined" sx={{ p: 2, mt: 1 }} id="importar-reglas">
          <Rules />
        </Paper>
      )}
    </Box>
  );
}
