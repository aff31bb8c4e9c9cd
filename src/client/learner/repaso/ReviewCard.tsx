import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import SignLanguageIcon from '@mui/icons-material/SignLanguageRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayCircleRounded';
import type { ReviewToday } from '../../../shared/rules/review';
import { fetchToday } from './reviewApi';
import { dueText, nextReviewText, signsToReview } from './reviewRules';
import { focusRing } from '../ui/LearnerPage';

/** Same height in every state, so the levels under it never move when it arrives. */
const MIN_HEIGHT = { xs: 132, sm: 120 };

/**
 * "Repaso de hoy" on /home (issue 20): the signs waiting today and a big button to the session
 * (/home/repaso, loaded on demand), or a calm "all done" with when the next one is due. One small GET.
 */
export function ReviewCard() {
  const [today, setToday] = useState<ReviewToday | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    fetchToday(ctrl.signal)
      .then(setToday)
      .catch((err) => {
        if ((err as Error).name === 'AbortError') return;
        console.warn('No se pudo cargar el repaso de hoy', err);
        setError(true);
      });
    return () => ctrl.abort();
  }, []);

  const n = today ? signsToReview(today) : 0;
  const next = today ? nextReviewText(today.proxima, new Date()) : null;
  const calm = today !== null && n === 0;

  return (
    <Paper
      component="section"
      aria-labelledby="repaso-titulo"
      data-testid="review-card"
      data-state={error ? 'error' : today === null ? 'loading' : calm ? 'calm' : 'due'}
      sx={{
        mb: 3,
        p: { xs: 2, sm: 2.5 },
        minHeight: MIN_HEIGHT,
        borderRadius: 4,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        bgcolor: calm ? '#e6f7ea' : '#fff4d6',
        borderLeft: '8px solid',
        borderColor: calm ? '#1b7f4a' : '#b35c00',
      }}
    >
      <Box aria-hidden="true" sx={{ display: 'grid', placeItems: 'center', width: 64, height: 64, borderRadius: '50%', bgcolor: '#fff', flex: '0 0 auto' }}>
        {calm ? <CheckCircleRoundedIcon sx={{ fontSize: 48, color: '#1b7f4a' }} /> : <SignLanguageIcon sx={{ fontSize: 44, color: '#b35c00' }} />}
      </Box>
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography id="repaso-titulo" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          Repaso de hoy
        </Typography>
        <Box role="status" aria-live="polite">
          {error ? (
            <Typography sx={{ fontSize: '1.15rem', mt: 0.5 }}>No se pudo cargar tu repaso. Inténtalo más tarde.</Typography>
          ) : today === null ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
              <CircularProgress size={20} aria-hidden="true" />
              <Typography sx={{ fontSize: '1.15rem' }}>Cargando tu repaso...</Typography>
            </Box>
          ) : calm ? (
            <>
              <Typography sx={{ fontSize: '1.3rem', fontWeight: 800, color: '#1b7f4a', mt: 0.5 }}>¡Todo repasado por hoy!</Typography>
              <Typography sx={{ fontSize: '1.1rem' }}>
                {next ? `Tu próximo repaso: ${next}.` : 'Abre un nivel y mira sus palabras para empezar a repasar.'}
              </Typography>
            </>
          ) : (
            <Typography sx={{ fontSize: '1.3rem', fontWeight: 800, mt: 0.5 }} data-testid="review-due">
              {dueText(n)}
            </Typography>
          )}
        </Box>
      </Box>
      {today !== null && !calm && (
        <Button
          component={RouterLink}
          to="/home/repaso"
          variant="contained"
          size="large"
          startIcon={<PlayArrowRoundedIcon sx={{ fontSize: '2rem !important' }} />}
          disableFocusRipple
          sx={{ minHeight: 64, px: 4, fontSize: '1.3rem', flex: { xs: '1 1 100%', sm: '0 0 auto' }, ...focusRing }}
        >
          Repasar
        </Button>
      )}
    </Paper>
  );
}
