import { memo, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import SignLanguageIcon from '@mui/icons-material/SignLanguageRounded';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayCircleRounded';
import AutoStoriesRoundedIcon from '@mui/icons-material/AutoStoriesRounded';
import type { ReviewToday } from '../../../shared/rules/review';
import { fetchToday } from './reviewApi';
import { flushWithin } from '../../offline/outbox';
import { dueText, hasNothingYet, nextReviewText, signsToReview, START_TEXT } from './reviewRules';
import { focusRing } from '../ui/LearnerPage';
import { mediaUrl } from '../../api/http';
import type { NivelWire } from '../../../shared/resources/nivel';

/**
 * Every state is drawn in the same grid cell, the ones not shown kept invisible (visibility: hidden,
 * so out of the accessibility tree and the focus order). The cell is as tall as its tallest state at
 * every width, so the levels under the card never move when the answer arrives or changes. A fixed
 * min-height could not do it: on a phone the states wrap to different heights (176 to 290 px at 375
 * px), and the layout shift moved the 'Empezar' buttons under a child's finger.
 */
// A shown layer sets no visibility of its own: 'visible' would show it inside a hidden parent.
const layer = (shown: boolean) => ({ gridArea: '1 / 1', minWidth: 0, ...(shown ? {} : { visibility: 'hidden' as const }) });

const FLUSH_WAIT_MS = 3_000;

/** The calm state's second line when nothing is scheduled, the longer of its two lines. */
const NO_NEXT = 'Abre un nivel y mira sus palabras para empezar a repasar.';

/**
 * `firstLevel`: the first level /home shows, where a child who has seen no word yet is sent (its
 * picture and a button to it); until the levels arrive the invitation has no button.
 */
// Memoised: /home renders again for each of its later answers (Home.tsx LevelCard).
export const ReviewCard = memo(function ReviewCard({ firstLevel = null }: { firstLevel?: Pick<NivelWire, 'id_nivel' | 'nombre_nivel' | 'imagen'> | null }) {
  const [today, setToday] = useState<ReviewToday | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    // Answers still on their way (the session's last one, sent as the child left the summary) go
    // first, so the count includes them; at most FLUSH_WAIT_MS, then the count as the server has it.
    flushWithin(FLUSH_WAIT_MS)
      .then(() => fetchToday(ctrl.signal))
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
  const fresh = today !== null && hasNothingYet(today);
  const calm = today !== null && n === 0 && !fresh;

  const state = error ? 'error' : today === null ? 'loading' : fresh ? 'start' : calm ? 'calm' : 'due';
  const levelImg = firstLevel ? mediaUrl(firstLevel.imagen, 'niveles') : null;

  return (
    <Paper
      component="section"
      aria-labelledby="repaso-titulo"
      data-testid="review-card"
      data-state={state}
      sx={{
        mb: 3,
        p: { xs: 2, sm: 2.5 },
        borderRadius: 4,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        bgcolor: fresh ? '#efeaff' : calm ? '#e6f7ea' : '#fff4d6',
        borderLeft: '8px solid',
        borderColor: fresh ? '#5b4bdb' : calm ? '#1b7f4a' : '#b35c00',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: { xs: 48, sm: 64 },
          height: { xs: 48, sm: 64 },
          borderRadius: '50%',
          bgcolor: '#fff',
          flex: '0 0 auto',
          alignSelf: { xs: 'flex-start', sm: 'center' },
        }}
      >
        {fresh ? (
          levelImg ? (
            <Box
              component="img"
              src={levelImg}
              alt=""
              data-testid="review-start-picture"
              sx={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: '50%' }}
            />
          ) : (
            <AutoStoriesRoundedIcon data-testid="review-start-picture" sx={{ fontSize: { xs: 32, sm: 44 }, color: '#5b4bdb' }} />
          )
        ) : calm ? (
          <CheckCircleRoundedIcon sx={{ fontSize: { xs: 36, sm: 48 }, color: '#1b7f4a' }} />
        ) : (
          <SignLanguageIcon sx={{ fontSize: { xs: 32, sm: 44 }, color: '#b35c00' }} />
        )}
      </Box>
      <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
        <Typography id="repaso-titulo" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          Repaso de hoy
        </Typography>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', mt: 0.5 }}>
          <Box sx={{ ...layer(state === 'loading'), display: 'flex', alignItems: 'center', gap: 1, alignSelf: 'start' }}>
            <CircularProgress size={20} aria-hidden="true" />
            <Typography sx={{ fontSize: '1.15rem' }}>Cargando tu repaso...</Typography>
          </Box>
          <Typography sx={{ ...layer(state === 'error'), fontSize: '1.15rem', alignSelf: 'start' }}>
            No se pudo cargar tu repaso. Inténtalo más tarde.
          </Typography>
          <Box sx={{ ...layer(state === 'calm'), alignSelf: 'start' }}>
            <Typography sx={{ fontSize: '1.3rem', fontWeight: 800, color: '#1b7f4a' }}>¡Todo repasado por hoy!</Typography>
            {/* The shorter "next review" line keeps the longer one's room, hidden under it. */}
            <Box sx={{ display: 'grid' }}>
              <Typography sx={{ ...layer(true), fontSize: '1.1rem' }}>{next ? `Tu próximo repaso: ${next}.` : NO_NEXT}</Typography>
              {next && (
                <Typography aria-hidden="true" sx={{ ...layer(false), fontSize: '1.1rem' }}>
                  {NO_NEXT}
                </Typography>
              )}
            </Box>
          </Box>
          <Box
            sx={{ ...layer(state === 'start'), display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1.5 }}
            {...(state === 'start' ? { 'data-testid': 'review-start' } : {})}
          >
            <Typography sx={{ fontSize: '1.3rem', fontWeight: 800, flex: '1 1 220px' }}>{START_TEXT}</Typography>
            {/* Drawn (hidden) until the levels arrive, so the card keeps its height when they do. */}
            <Button
              component={RouterLink}
              to={firstLevel ? `/supmenu/${firstLevel.id_nivel}` : '/home'}
              variant="contained"
              size="large"
              tabIndex={state === 'start' && firstLevel ? undefined : -1}
              disableFocusRipple
              sx={{ minHeight: 64, px: 4, fontSize: '1.3rem', flex: { xs: '1 1 100%', sm: '0 0 auto' }, ...focusRing, ...layer(!!firstLevel) }}
            >
              {firstLevel ? `Abrir «${firstLevel.nombre_nivel}»` : 'Abrir un nivel'}
            </Button>
          </Box>
          <Box sx={{ ...layer(state === 'due'), display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1.5 }}>
            <Typography sx={{ fontSize: '1.3rem', fontWeight: 800, flex: '1 1 220px' }} {...(state === 'due' ? { 'data-testid': 'review-due' } : {})}>
              {dueText(state === 'due' ? n : 2)}
            </Typography>
            <Button
              component={RouterLink}
              to="/home/repaso"
              variant="contained"
              size="large"
              tabIndex={state === 'due' ? undefined : -1}
              startIcon={<PlayArrowRoundedIcon sx={{ fontSize: '2rem !important' }} />}
              disableFocusRipple
              sx={{ minHeight: 64, px: 4, fontSize: '1.3rem', flex: { xs: '1 1 100%', sm: '0 0 auto' }, ...focusRing }}
            >
              Repasar
            </Button>
          </Box>
        </Box>
      </Box>
    </Paper>
  );
});
