import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { Title } from 'react-admin';
import { CLASE_MSG } from '../../../../shared/resources/clases';
import { pictureLabel } from '../../../../shared/rules/classes';
import { ApiError } from '../../../api/http';
import { avatarSrc } from '../../authProvider';
import { Picture } from '../../../learner/classlogin/pictures';
import { ClaseHeader, ClaseRefusal } from './Alumnos';
import { useTarjetas, type TarjetasWire } from './api';

/**
 * Printing: only the cards. The admin chrome (top bar, sidebar, drawer, notifications) and every
 * button are hidden; two cards per row, never split across pages; colours kept (the pictures are
 * coloured tiles a child recognises).
 */
const PRINT_CSS = {
  '@media print': {
    '@page': { margin: '12mm' },
    'html, body, .RaLayout-root, .RaLayout-appFrame, .RaLayout-contentWithSidebar, .RaLayout-content': { background: '#fff !important' },
    '.RaAppBar-root, header.MuiAppBar-root, .RaSidebar-root, .MuiDrawer-root, .RaLayout-appFrame > header, .MuiSnackbar-root, .no-print': {
      display: 'none !important',
    },
    '.RaLayout-appFrame': { marginTop: '0 !important' },
    '.RaLayout-content, .RaLayout-contentWithSidebar': { padding: '0 !important', margin: '0 !important' },
    '.tarjetas': { gridTemplateColumns: '1fr 1fr !important', gap: '6mm !important' },
    '.tarjeta': { breakInside: 'avoid', pageBreakInside: 'avoid', boxShadow: 'none !important' },
    '*': { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
  },
} as const;

type Alumno = TarjetasWire['alumnos'][number];

/** The refusal of another class's cards. */
const TARJETAS_NO_ES_TU_CLASE = 'Solo los profesores de esta clase y los administradores pueden verlas.';

/** One child's login card: the class code, who they are, and their 3 pictures in order. */
function Tarjeta({ clase, a }: { clase: TarjetasWire['clase']; a: Alumno }) {
  const nombre = `${a.nombre} ${a.apellido}`.trim();
  return (
    <Box
      component="article"
      className="tarjeta"
      data-testid="tarjeta"
      aria-label={`Tarjeta de ${nombre}`}
      sx={{
        border: '2px dashed',
        borderColor: 'grey.500',
        borderRadius: 2,
        p: 2,
        bgcolor: '#fff',
        color: '#000',
        display: 'grid',
        gap: 1,
        breakInside: 'avoid',
        pageBreakInside: 'avoid',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>Manitas · {clase.nombre}</Typography>
        <Box sx={{ textAlign: 'right' }}>
          <Typography component="div" sx={{ fontSize: 15, fontWeight: 700 }}>
            Código de la clase
          </Typography>
          <Typography data-testid="tarjeta-codigo" sx={{ fontFamily: 'monospace', fontSize: 30, fontWeight: 900, letterSpacing: 5, lineHeight: 1 }}>
            {clase.codigo}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar src={avatarSrc(a.avatar)} alt="" sx={{ width: 56, height: 56 }}>
          {a.nombre.slice(0, 1)}
        </Avatar>
        <Typography sx={{ fontSize: 24, fontWeight: 800 }} data-testid="tarjeta-nombre">
          {nombre}
        </Typography>
      </Box>
      {a.imagenes ? (
        <Box
          component="ol"
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 120px))', justifyContent: 'space-around', gap: 2 }}
          aria-label="Mis imágenes, en orden"
        >
          {a.imagenes.map((k, i) => (
            <Box component="li" key={i} sx={{ textAlign: 'center' }}>
              <Typography sx={{ fontWeight: 900, fontSize: 18 }}>{i + 1}</Typography>
              <Picture pictureKey={k} size="100%" />
              <Typography sx={{ fontWeight: 700, fontSize: 18 }}>{pictureLabel(k)}</Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography color="error">Sin clave de imágenes: créala en Alumnos.</Typography>
      )}
    </Box>
  );
}

/** /admin/clases/:id/tarjetas: the login cards of the class, to print and hand out. */
export default function Tarjetas() {
  const { id = '' } = useParams();
  const q = useTarjetas(id);
  const refused = q.error instanceof ApiError && (q.error.status === 403 || q.error.status === 404);
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }}>
      <Title title="Tarjetas de acceso" />
      <GlobalStyles styles={PRINT_CSS} />
      {refused ? (
        // The shared message speaks of the class ('verla'); here it is the cards.
        <ClaseRefusal msg={(q.error as ApiError).msg === CLASE_MSG.noEsTuClase ? TARJETAS_NO_ES_TU_CLASE : (q.error as ApiError).msg} />
      ) : (
        <>
          <ClaseHeader id={id} here="tarjetas" />
          <Box className="no-print" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={!q.data?.alumnos.length}>
              Imprimir
            </Button>
            <Typography color="text.secondary">Recorta cada tarjeta y dásela a su alumno. Entran en «Entrar con código de clase».</Typography>
          </Box>
          {q.isLoading && <LinearProgress />}
          {q.error && !refused && <Alert severity="error">{q.error instanceof ApiError ? q.error.msg : 'No se pudieron cargar las tarjetas.'}</Alert>}
          {q.data && q.data.alumnos.length === 0 && <Alert severity="info">Esta clase aún no tiene alumnos.</Alert>}
          {q.data && q.data.alumnos.length > 0 && (
            <Box className="tarjetas" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
              {q.data.alumnos.map((a) => (
                <Tarjeta key={a.id} clase={q.data.clase} a={a} />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
