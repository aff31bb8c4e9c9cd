import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
// Types only: the declaration module carries zod, which this first screen must not download. The
// messages (CLASE_MSG) are the server's: every refusal below shows the reply's msg.
import type { ClaseEntradaWire } from '../../../shared/resources/clases';
import { ChildAvatar, FOCUS, Message, type Alumno } from './parts';

/** The name's size on its button: 22px, smaller for long names so a name of up to ~12 letters fits whole. */
const nameSize = (nombre: string) => (nombre.length > 9 ? 17 : nombre.length > 7 ? 20 : 22);

/** Step 2 of /logIn/clase: the class's children as big name buttons with their avatars. */
export function NamesStep({ clase, onPick, onChangeClass }: { clase: ClaseEntradaWire; onPick: (a: Alumno) => void; onChangeClass: () => void }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700 }}>
        {clase.nombre}
      </Typography>
      <Typography sx={{ textAlign: 'center', fontSize: 22 }} id="nombres-titulo">
        ¿Quién eres?
      </Typography>
      {clase.alumnos.length === 0 ? (
        <Message kind="espera">Esta clase todavía no tiene alumnos. Pide ayuda a tu profesor.</Message>
      ) : (
        <Box
          component="ul"
          aria-labelledby="nombres-titulo"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0.5,
            // Wrapped rows of equal buttons, centred: a grid's empty columns would leave a short
            // class's names huddled on the left of a tablet.
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            gap: 1.5,
            maxHeight: '62vh',
            overflowY: 'auto',
          }}
        >
          {clase.alumnos.map((a) => (
            <Box component="li" key={a.id} sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}>
              <ButtonBase
                onClick={() => onPick(a)}
                focusRipple
                sx={{
                  width: '100%',
                  minHeight: 140,
                  flexDirection: 'column',
                  gap: 1,
                  px: 1,
                  py: 1.5,
                  borderRadius: '20px',
                  border: 3,
                  borderColor: 'primary.light',
                  bgcolor: '#f5fbff',
                  '&:hover': { bgcolor: '#e3f2fd' },
                  '&.Mui-focusVisible': FOCUS,
                }}
              >
                <ChildAvatar avatar={a.avatar} size={72} />
                {/* A long name gets a smaller size so it stays whole ("Valentin / a" is unreadable to a
                    young reader); breaking inside a word is only a last resort. */}
                <Typography component="span" sx={{ fontSize: nameSize(a.nombre), lineHeight: '30px', fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {a.nombre}
                </Typography>
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
      <Button type="button" onClick={onChangeClass} sx={{ alignSelf: 'center', fontSize: 16, textDecoration: 'underline' }}>
        Cambiar de clase
      </Button>
    </Box>
  );
}
