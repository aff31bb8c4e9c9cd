/** The question's media and the choices that are signs or pictures. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { mediaUrl } from '../../api/http';
import { type GivenAnswer, type QuestionFeedback } from '../../../shared/rules/quizRules';
import type { PreguntaDetalle as PreguntaQuiz, QuizMedia } from '../../../shared/resources/evaluacion';
import { focusRing } from '../ui/LearnerPage';
import { SignPlayer } from '../../sign/SignPlayer';
import { choiceLook } from './feedback';

const isPicture = (m: QuizMedia) => m.tipo.trim().toLowerCase() === 'imagen';

/** The sign a question asks about: the biggest thing on the card, played in the one sign player. */
export function QuestionMedia({ media, index }: { media: QuizMedia; index: number }) {
  const src = mediaUrl(media.url)!;
  if (isPicture(media))
    return (
      <Box
        component="img"
        src={src}
        alt={`Imagen de la pregunta ${index + 1}`}
        sx={{ width: '100%', maxWidth: 560, maxHeight: 420, objectFit: 'contain', borderRadius: 2, mb: 2, alignSelf: 'center' }}
      />
    );
  return (
    <Box data-testid="question-sign" sx={{ width: '100%', maxWidth: { xs: '100%', sm: 600 }, aspectRatio: '4 / 3', mb: 2, alignSelf: 'center' }}>
      <SignPlayer src={src} compactSrc={mediaUrl(media.compacta?.url)} label={`Seña de la pregunta ${index + 1}`} variant="overlay" />
    </Box>
  );
}

/**
 * Choices that are signs or pictures: big tiles, read from the sign or the picture alone (no word
 * under them). Each tile is a radio of the question's group (arrows move, Space chooses); a sign
 * tile keeps its player's controls and an "Ampliar" button outside the radio's label.
 */
export function MediaChoices({
  q,
  labelId,
  answer,
  onChange,
  feedback,
  sent,
}: {
  q: PreguntaQuiz;
  labelId: string;
  answer: GivenAnswer | undefined;
  onChange: (a: GivenAnswer) => void;
  feedback: QuestionFeedback | undefined;
  sent: boolean;
}) {
  const [enlarged, setEnlarged] = useState<{ src: string; compact: string | null; label: string } | null>(null);
  return (
    <>
      <RadioGroup
        aria-labelledby={labelId}
        value={answer?.id_respuesta != null ? String(answer.id_respuesta) : ''}
        onChange={(e) => {
          if (!sent) onChange({ id_respuesta: Number(e.target.value) });
        }}
        // Two tiles a row on a tablet (each half the width), three on a wide screen.
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}
      >
        {q.respuestas.map((r, i) => {
          const m = r.multimedia ?? null;
          const src = m ? mediaUrl(m.url) : null;
          const picture = !!m && isPicture(m);
          const name = picture ? `Imagen ${i + 1}` : m ? `Seña ${i + 1}` : r.respuesta || `Opción ${i + 1}`;
          const { checked, isSolution, borderColor, bgcolor } = choiceLook(answer, feedback, r.id_respuesta);
          return (
            <Box
              key={r.id_respuesta}
              data-testid="choice-tile"
              data-checked={checked ? 'true' : 'false'}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                p: 1.5,
                borderRadius: 3,
                border: '4px solid',
                borderColor,
                bgcolor,
                '&:focus-within': { outline: '4px solid #c2185b', outlineOffset: 2 },
              }}
            >
              {src && !picture && (
                <>
                  <Box sx={{ width: '100%', aspectRatio: '4 / 3' }}>
                    <SignPlayer src={src} compactSrc={mediaUrl(m?.compacta?.url)} label={name} variant="overlay" />
                  </Box>
                  <Button
                    variant="outlined"
                    startIcon={<ZoomInIcon />}
                    onClick={() => setEnlarged({ src, compact: mediaUrl(m?.compacta?.url), label: name })}
                    aria-label={`Ampliar ${name.toLowerCase()}`}
                    sx={{ minHeight: 48, fontSize: '1.05rem', fontWeight: 700, ...focusRing }}
                  >
                    Ampliar
                  </Button>
                </>
              )}
              <FormControlLabel
                value={String(r.id_respuesta)}
                // The tile's name for screen readers and keyboard users: the sign's number, never its word.
                control={<Radio disabled={sent && !checked} slotProps={{ input: { 'aria-label': name } }} sx={{ '& .MuiSvgIcon-root': { fontSize: 34 } }} />}
                label={
                  picture && src ? (
                    <Box
                      component="img"
                      src={src}
                      alt={name}
                      sx={{ display: 'block', width: '100%', aspectRatio: '1 / 1', objectFit: 'contain', borderRadius: 2 }}
                    />
                  ) : (
                    <Typography sx={{ fontSize: '1.2rem', fontWeight: 700 }}>{m ? `Elegir esta seña` : name}</Typography>
                  )
                }
                slotProps={{ typography: { component: 'span', sx: { flex: 1, minWidth: 0 } } }}
                sx={{
                  m: 0,
                  minHeight: 56,
                  alignItems: 'center',
                  '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' },
                }}
              />
              {isSolution && <CheckCircleIcon aria-label="Respuesta correcta" sx={{ color: '#2e7d32', fontSize: 32, alignSelf: 'center' }} />}
            </Box>
          );
        })}
      </RadioGroup>
      <Dialog open={!!enlarged} onClose={() => setEnlarged(null)} maxWidth="md" fullWidth aria-label={enlarged?.label}>
        <DialogContent>{enlarged && <SignPlayer src={enlarged.src} compactSrc={enlarged.compact} label={enlarged.label} variant="full" />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setEnlarged(null)} variant="contained" sx={{ minHeight: 48 }}>
            Cerrar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
