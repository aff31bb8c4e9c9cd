import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import QuizIcon from '@mui/icons-material/Quiz';
import ReplayIcon from '@mui/icons-material/Replay';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import SignLanguageIcon from '@mui/icons-material/SignLanguage';
import { mediaUrl } from '../../api/http';
import { Loading } from '../../ui/Loading';
import {
  allWordsSeen,
  EMPTY_LEVEL_DATA,
  mergeLevelData,
  progressColor,
  progressPercent,
  seenInLevel,
  type LocalLevelData,
  type ProgressColor,
} from '../../../shared/rules/progress';
import { canRetry, formatScore, isPass, MAX_RETRIES } from '../../../shared/rules/quizRules';
import { addSeenWord, CURRENT_LEVEL_KEY, readLevelData, updateLevelData } from '../model/levelStorage';
import { applyServerProgress, fetchLevelProgress, fetchLevels, fetchMedia, levelProgress, levelsOf, mediaOf, useLearner } from '../model/learnerData';
import { LearnerQueries, learnerQuery, levelWordsQuery, useFirstData } from '../model/queries';
import type { MultimediaWire as Multimedia } from '../../../shared/resources/multimedia';
import type { PalabraWire as Palabra } from '../../../shared/resources/palabra';
import { mediaBy, signMedia } from '../../../shared/rules/signMedia';
import { LearnerPage, ScrollButtons, focusRing } from '../ui/LearnerPage';
import { SignPlayer } from '../../sign/SignPlayer';
import { plural } from '../../../../games/shared/plural';
import { WordStars, fetchLevelStrength } from '../repaso/WordStars';
import { DownloadLevel } from './DownloadLevel';
import { isOnline } from '../../offline/useOnline';
import { PendingQuizNote } from '../../offline/PendingQuizNote';

const BAR_COLORS: Record<ProgressColor, string> = { red: '#c62828', orange: '#b35c00', green: '#1b7f4a' };
const NO_WORDS_MSG = 'No hay palabras para este nivel.';
/** L-11: a level that never reached this tablet's caches, opened offline. */
const NOT_DOWNLOADED_MSG = 'Este nivel no está descargado en esta tableta. Necesitas conexión para abrirlo la primera vez.';

/** A word without media yet: one array, so a memoised card keeps its props. */
const NO_MEDIA: Multimedia[] = [];

/**
 * One word's card, memoised: the level menu renders again when its later answers arrive (the
 * server's progress, each word's strength), and each card holds a sign player; without memo every
 * answer rendered every card again in one piece (docs/performance.md "/home's blocking time").
 */
const WordCard = memo(function WordCard({
  word,
  media,
  seen,
  highlighted,
  onOpen,
  index,
  stars,
}: {
  word: Palabra;
  media: Multimedia[];
  seen: boolean;
  highlighted: boolean;
  onOpen: (w: Palabra) => void;
  index: number;
  /** The word's strength (0–3 stars); undefined until it arrives (nothing shown meanwhile). */
  stars?: 0 | 1 | 2 | 3;
}) {
  const pic = mediaBy(media, 'gifmenu') ?? mediaBy(media, 'imgEspanol');
  const src = mediaUrl(pic?.url);
  const sign = signMedia(media);
  const signSrc = mediaUrl(sign?.url);
  return (
    <Box
      component="li"
      data-testid="word-card"
      data-seen={seen ? 'true' : 'false'}
      sx={{
        listStyle: 'none',
        flex: '0 0 auto',
        width: { xs: 200, sm: 220 },
        scrollSnapAlign: 'start',
        bgcolor: '#fff',
        borderRadius: 4,
        boxShadow: highlighted ? '0 0 0 4px #4a3aff' : 2,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '1 / 1', bgcolor: '#f7f5ff', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {src ? (
          <Box
            component="img"
            src={src}
            alt={`Dibujo de ${word.palabraEspanol}`}
            // The first card's sign is the screen's largest paint: fetched first; cards far along
            // the carousel wait until they near the screen.
            width={220}
            height={220}
            {...(index === 0 ? { fetchPriority: 'high' as const } : index >= 6 ? { loading: 'lazy' as const } : {})}
            sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <SignLanguageIcon aria-hidden="true" sx={{ fontSize: 72, color: 'primary.main' }} />
        )}
        {signSrc && (
          // A small preview of the sign itself, at the child's speed and mirror.
          <Box
            data-testid="word-card-sign"
            sx={{
              position: 'absolute',
              left: 8,
              top: 8,
              width: '46%',
              borderRadius: 2,
              overflow: 'hidden',
              border: '3px solid #fff',
              boxShadow: 2,
              bgcolor: '#fff',
              lineHeight: 0,
            }}
          >
            <SignPlayer
              src={signSrc}
              compactSrc={mediaUrl(sign?.compacta?.url)}
              kind={sign?.tipo === 'video' ? 'video' : 'auto'}
              label={`Seña de ${word.palabraEspanol}`}
              variant="preview"
            />
          </Box>
        )}
      </Box>
      {seen && (
        <Box
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            bgcolor: '#fff',
            borderRadius: 999,
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1,
            py: 0.25,
            boxShadow: 1,
          }}
        >
          <CheckCircleIcon sx={{ color: BAR_COLORS.green }} fontSize="small" aria-hidden="true" />
          <Typography variant="body2" sx={{ fontWeight: 700, color: BAR_COLORS.green }}>
            Vista
          </Typography>
        </Box>
      )}
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <Typography variant="h6" component="h3" sx={{ fontWeight: 800, lineHeight: 1.2 }}>
          {word.palabraEspanol}
        </Typography>
        <Typography lang="en" sx={{ color: 'text.secondary' }}>
          {word.palabraIngles}
        </Typography>
        {stars !== undefined && <WordStars n={stars} />}
        <Button variant="contained" onClick={() => onOpen(word)} aria-label={`Empezar ${word.palabraEspanol}`} sx={{ mt: 'auto', minHeight: 48, ...focusRing }}>
          Empezar
        </Button>
      </Box>
    </Box>
  );
});

/** Level menu (/supmenu/{id}): progress, word cards, questionnaire, latest result, game button. */
export default function LevelMenu() {
  // A new level is a new screen: its progress state starts from that level's stored progress.
  const { id } = useParams();
  return (
    <LearnerQueries>
      <LevelMenuScreen key={id} />
    </LearnerQueries>
  );
}

function LevelMenuScreen() {
  const { id, palabraId } = useParams();
  const levelId = Number(id);
  const user = useLearner();
  const userId = Number(user?.id);
  const navigate = useNavigate();
  const first = useFirstData();
  const isLevel = Number.isInteger(levelId) && levelId >= 1;
  const asks = !!userId && isLevel;
  const track = useRef<HTMLUListElement>(null);

  // The level's name (a failure leaves the generic 'Nivel'), its words, each word's media and the
  // child's progress: asked at once, each once per visit (src/client/learner/model/queries.ts).
  const levelsQ = useQuery({ ...learnerQuery(first, 'nivel/getNivels', fetchLevels, levelsOf), enabled: asks });
  const wordsQ = useQuery({
    ...levelWordsQuery(first, levelId, 'No se pudo cargar el nivel'),
    enabled: asks,
  });
  const error = wordsQ.isError;
  const words: Palabra[] | null = !userId ? null : !isLevel || error ? [] : (wordsQ.data ?? null);
  const media = useQueries({
    queries: (wordsQ.data ?? []).map((w) => learnerQuery(first, `multimedia/palabra/${w.id_palabra}`, (opts) => fetchMedia(w.id_palabra, opts), mediaOf)),
    combine: (rs) => Object.fromEntries((wordsQ.data ?? []).flatMap((w, i) => (rs[i]?.data ? [[w.id_palabra, rs[i].data] as const] : []))),
  });
  const progressQ = useQuery({
    ...learnerQuery(
      first,
      `progreso/usuario/${userId}`,
      (opts) => fetchLevelProgress(levelId, userId, opts),
      (body) => levelProgress(body, levelId),
    ),
    enabled: asks,
  });
  // Offline, the local progress stands; the read of the whole list is filtered to this level.
  const server = progressQ.data;
  useEffect(() => {
    if (progressQ.isError) console.warn('No se pudo leer el progreso del servidor', progressQ.error);
  }, [progressQ.isError, progressQ.error]);
  const level = levelsQ.data?.find((l) => l.id_nivel === levelId) ?? null;
  // The level could not load while offline: it never reached this tablet (L-11).
  const notDownloaded = error && !isOnline();

  // This browser's progress, merged with the server's once it is in: shown at once, stored and the
  // words only this browser knew sent back (applyServerProgress) once the words are known too.
  const [local, setData] = useState<LocalLevelData>(() => (asks ? readLevelData(levelId, userId) : EMPTY_LEVEL_DATA));
  const data = server === undefined ? local : mergeLevelData(local, server);
  const levelWords = wordsQ.data;
  useEffect(() => {
    if (!asks || server === undefined || !levelWords) return;
    setData(
      applyServerProgress(
        levelId,
        userId,
        server,
        levelWords.map((w) => w.id_palabra),
      ),
    );
  }, [asks, levelId, userId, server, levelWords]);
  useEffect(() => {
    if (!asks) return;
    try {
      localStorage.setItem(CURRENT_LEVEL_KEY, String(levelId));
    } catch {
      /* private mode: the play button opens the general games menu */
    }
  }, [asks, levelId]);

  // Each word's strength (stars, L-11), asked once the words are there: the menu never waits for it.
  const haveWords = words !== null && words.length > 0;
  const strengthQ = useQuery({
    queryKey: ['api', 'fuerza', levelId],
    queryFn: async ({ signal }) => Object.fromEntries((await fetchLevelStrength(levelId, signal)).map((r) => [r.id_palabra, r.estrellas])),
    enabled: asks && haveWords,
  });
  const strength: Record<number, 0 | 1 | 2 | 3> | null = strengthQ.data ?? null;
  useEffect(() => {
    if (strengthQ.isError) console.warn('No se pudo cargar la fuerza de las palabras', strengthQ.error);
  }, [strengthQ.isError, strengthQ.error]);

  const wordIds = (words ?? []).map((w) => w.id_palabra);
  const seen = seenInLevel(data.palabrasVistas, wordIds);
  const percent = progressPercent(seen.length, wordIds.length);
  const color = BAR_COLORS[progressColor(percent)];
  const result = data.ultimoResultado;
  // The child's result is the best attempt (docs/decisions.md "The quiz"): it decides the pass message
  // and the retry; the latest stays shown as L-11 words it, and the best beside it when they differ.
  const best = data.mejorResultado ?? result;
  const bestDiffers = !!result && !!best && (best.puntaje !== result.puntaje || best.fecha !== result.fecha);
  const levelName = level?.nombre_nivel ?? words?.[0]?.nivel?.nombre_nivel ?? 'Nivel';

  const openWord = useCallback(
    (w: Palabra) => {
      // Opening a card adds the word to the words seen; the word screen tells the server.
      setData(addSeenWord(levelId, userId, w.id_palabra));
      navigate(`/menuletra/${levelId}/${w.id_palabra}`);
    },
    [levelId, userId, navigate],
  );
  const openQuiz = () => navigate(`/cuestionario/${levelId}`);
  const retry = () => {
    setData(updateLevelData(levelId, userId, (d) => ({ ...d, reintentos: d.reintentos + 1 })));
    navigate(`/cuestionario/${levelId}`);
  };

  return (
    <LearnerPage>
      <Button component={RouterLink} to="/home" startIcon={<ArrowBackIcon />} sx={{ mb: 2, fontSize: '1.05rem' }}>
        Volver a los niveles
      </Button>
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.6rem' }, color: 'primary.dark', mb: 2 }}>
        {levelName}
      </Typography>

      {words === null ? (
        <Loading label="Cargando palabras..." />
      ) : error && notDownloaded ? (
        <Alert severity="info" role="status" data-testid="level-not-downloaded" sx={{ fontSize: '1.1rem' }}>
          {NOT_DOWNLOADED_MSG}
        </Alert>
      ) : error ? (
        <Alert severity="error">No se pudo cargar este nivel. Inténtalo de nuevo más tarde.</Alert>
      ) : words.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ fontSize: '1.3rem' }} role="status">
            {NO_WORDS_MSG}
          </Typography>
        </Paper>
      ) : (
        <>
          <Paper component="section" aria-labelledby="progreso-titulo" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
            <Typography id="progreso-titulo" variant="h6" component="h2" sx={{ fontWeight: 800 }}>
              Tu progreso
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label="Palabras vistas"
                aria-valuetext={`${percent}%`}
                data-testid="progress-bar"
                data-color={progressColor(percent)}
                sx={{ flexGrow: 1, height: 18, borderRadius: 999, bgcolor: '#e7e3f7', '& .MuiLinearProgress-bar': { bgcolor: color, borderRadius: 999 } }}
              />
              <Typography sx={{ fontWeight: 800, fontSize: '1.3rem', minWidth: 56, color }} data-testid="progress-percent">
                {percent}%
              </Typography>
            </Box>
            <Typography sx={{ mt: 1 }}>
              Has visto {seen.length} de {wordIds.length} {plural(wordIds.length, 'palabra', 'palabras')}.
            </Typography>
          </Paper>

          <Box component="section" aria-labelledby="palabras-titulo" sx={{ mb: 3 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
              <Typography id="palabras-titulo" variant="h5" component="h2" sx={{ fontWeight: 800 }}>
                Palabras
              </Typography>
              <ScrollButtons target={track} label="palabras" />
            </Box>
            <Box
              component="ul"
              ref={track}
              aria-label="Palabras del nivel"
              sx={{ display: 'flex', gap: 2, overflowX: 'auto', scrollSnapType: 'x mandatory', p: 1, pb: 2, m: 0 }}
            >
              {words.map((w, i) => (
                <WordCard
                  key={w.id_palabra}
                  index={i}
                  word={w}
                  media={media[w.id_palabra] ?? NO_MEDIA}
                  seen={seen.includes(w.id_palabra)}
                  highlighted={String(w.id_palabra) === palabraId}
                  onOpen={openWord}
                  stars={strength?.[w.id_palabra]}
                />
              ))}
            </Box>
          </Box>

          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
            <Paper component="section" aria-labelledby="cuestionario-titulo" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="cuestionario-titulo" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 800 }}>
                Cuestionario
              </Typography>
              <PendingQuizNote levelId={levelId} onSent={() => setData(readLevelData(levelId, userId))} />
              {data.mostrarCuestionario && (
                <Button variant="contained" size="large" startIcon={<QuizIcon />} onClick={openQuiz} sx={{ minHeight: 56, fontSize: '1.15rem', mb: 2 }}>
                  Hacer el cuestionario
                </Button>
              )}
              {result ? (
                <Box data-testid="last-result" sx={{ p: 2, borderRadius: 3, bgcolor: isPass(best!.puntaje) ? '#e6f7ea' : '#fff1e0' }}>
                  <Typography sx={{ fontWeight: 800, fontSize: '1.4rem', color: isPass(best!.puntaje) ? BAR_COLORS.green : BAR_COLORS.orange }}>
                    {isPass(best!.puntaje) ? 'Muy bien hecho' : 'Sigue practicando'}
                  </Typography>
                  <Typography sx={{ mt: 1 }}>
                    Tu último resultado: {result.correctas} de {result.totalPreguntas} {plural(result.totalPreguntas, 'correcta', 'correctas')}
                  </Typography>
                  <Typography>Calificación: {formatScore(result.puntaje)}%</Typography>
                  {bestDiffers && (
                    <Typography sx={{ mt: 1, fontWeight: 700 }} data-testid="best-result">
                      Tu mejor resultado: {best!.correctas} de {best!.totalPreguntas} {plural(best!.totalPreguntas, 'correcta', 'correctas')} (
                      {formatScore(best!.puntaje)}%)
                    </Typography>
                  )}
                  {canRetry(best!.puntaje, data.reintentos) && (
                    <Button variant="outlined" startIcon={<ReplayIcon />} onClick={retry} sx={{ mt: 2, minHeight: 48 }}>
                      Intentar de nuevo ({MAX_RETRIES - data.reintentos} {plural(MAX_RETRIES - data.reintentos, 'intento', 'intentos')})
                    </Button>
                  )}
                </Box>
              ) : (
                !data.mostrarCuestionario && <Typography>Aún no hay resultados.</Typography>
              )}
            </Paper>

            <Paper component="section" aria-labelledby="juego-titulo" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="juego-titulo" variant="h5" component="h2" sx={{ mb: 2, fontWeight: 800 }}>
                Juegos
              </Typography>
              {allWordsSeen(seen, wordIds) ? (
                <Button
                  component={RouterLink}
                  to={`/juegos/${levelId}`}
                  variant="contained"
                  color="secondary"
                  size="large"
                  startIcon={<SportsEsportsIcon />}
                  sx={{ minHeight: 56, fontSize: '1.15rem' }}
                >
                  Jugar con estas palabras
                </Button>
              ) : (
                <Typography>
                  Mira todas las palabras para desbloquear los juegos. Te {plural(wordIds.length - seen.length, 'falta', 'faltan')}{' '}
                  {wordIds.length - seen.length}.
                </Typography>
              )}
            </Paper>
          </Box>
          <DownloadLevel levelId={levelId} userId={userId} />
        </>
      )}
    </LearnerPage>
  );
}
