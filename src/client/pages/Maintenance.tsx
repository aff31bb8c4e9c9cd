import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** /maintenace (spelt so): the maintenance page. */
export default function Maintenance() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', textAlign: 'center', gap: 3, p: 3 }}>
        <Box component="img" src="/img/logo.svg" alt="" sx={{ width: 120, height: 120 }} />
        <Typography variant="h3" component="h1">
          Volveremos pronto
        </Typography>
        <Typography variant="h6" component="p">
          Estamos trabajando para mejorar tu expericicia.
        </Typography>
        <Button component={RouterLink} to="/logIn" variant="contained" size="large">
          Volver a casa
        </Button>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 2, color: 'text.secondary' }}>
        <Typography variant="body2">© 2023 Manitas. Todos los derechos reservados.</Typography>
        <Typography variant="body2">Desarrollado por el equipo de Manitas.</Typography>
      </Box>
    </Box>
  );
}
