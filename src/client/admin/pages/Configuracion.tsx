import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { readRole } from '../../../shared/roles';

/** /admin/configuracion (screens-backoffice.md B-19): linked but never described before; it shows the staff account. */
export default function Configuracion() {
  const user = useSession();
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, maxWidth: 640 }}>
      <Title title="Configuración" />
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Configuración
          </Typography>
          <Typography>
            <strong>Nombre:</strong> {user?.nombre} {user?.apellido ?? ''}
          </Typography>
          {/* No 'Correo:' line for an account without an email (B-19). */}
          {user?.email && (
            <Typography>
              <strong>Correo:</strong> {user.email}
            </Typography>
          )}
          <Typography sx={{ mb: 2 }}>
            <strong>Rol:</strong> {readRole(user)}
          </Typography>
          <Button component={RouterLink} to="/perfil" variant="contained">
            Editar mi perfil
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
