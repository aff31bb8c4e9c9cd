import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Fab from '@mui/material/Fab';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import AssignmentIcon from '@mui/icons-material/Assignment';
import OfflinePinIcon from '@mui/icons-material/OfflinePin';
import { isLevelOffline } from '../../offline/download';
import { apiGet, mediaUrl } from '../../api/http';
import { Loading } from '../../ui/Loading';
import { LearnerPage, ScrollButtons, focusRing } from '../ui/LearnerPage';
import { fetchLevels, levelsOf, useLearner } from '../model/learnerData';
import { LearnerQueries, learnerQuery, useFirstData } from '../model/queries';
import { useQuery } from '@tanstack/react-query';
import type { NivelWire as Nivel } from '../../../shared/resources/nivel';
import { filterLevels } from '../model/learnerRules';
import { CURRENT_LEVEL_KEY } from '../model/levelStorage';
import { LEVEL_BANNER_MIN_MS, playLevelSound, warmSound } from './sound';
import { LevelStartBanner } from './LevelStartBanner';
import { starsKey, syncGameResults, useGameStars, type StarsMap } from '../../games/results';
import { GAMES } from '../../../../games/shared/catalog';
import { LevelStars } from '../../games/GameStars';
import { ReviewCard } from '../repaso/ReviewCard';
import { Invitaciones } from './Invitaciones';
import type { MiTareaWire } from '../../../shared/resources/clases';
import { fechaTarea, ordenarConTareas, tareasPorNivel, type TareaNivel } from './tareas';

/** The assigned levels from `GET clase/mis-tareas`'s body (none when it is not a list). */
const tareasOf = (body: unknown): TareaNivel[] => {
  const data = (body as { data?: MiTareaWire[] } | null)?.data;
  return tareasPorNivel(Array.isArray(data) ? data : []);
};

const CARD_COLORS = ['#ffe3ec', '#e3f2ff', '#fff4d6', '#e6f7ea', '#f1e6ff'];

interface LevelCardProps {
  level: Nivel;
  index: number;
  onStart: (l: Nivel) => void;
  busy: boolean;
  stars: StarsMap;
  /** Set when a class of the child assigned this level (L-9 "Assigned level"). */
  tarea?: TareaNivel;
  /** L-9 "Offline level": the level's reads and files are all in this tablet's caches. */
  offline?: boolean;
}

/**
 * One level's card. Memoised, as are the screen's other parts (Greeting, ReviewCard, Invitaciones,
 * the navbar): /home's data arrives in several answers after its first paint (assignments, stars,
 * offline levels, review count), and TanStack Query and the stars' store hand each one to React as
 * an urgent update, rendered in one piece. Without memo each answer rendered every card and its MUI
 * styles again: 120–360 ms tasks at a 4× slower CPU, most of /home's blocking time
 * (docs/performance.md "/home's blocking time").
 */
const LevelCard = memo(function LevelCard({ level, index, onStart, busy, stars, tarea, offline }: LevelCardProps) {
  const img = mediaUrl(level.imagen, 'niveles');
  const descId = `nivel-desc-${level.id_nivel}`;
  const due = tarea ? fechaTarea(tarea.fecha) : '';
  return (
    <Box
      component="li"
      data-testid="level-card"
      data-tarea={tarea ? '' : undefined}
      sx={{
        listStyle: 'none',
        flex: '0 0 auto',
        width: { xs: 'calc(100vw - 64px)', sm: 300 },
        maxWidth: 320,
        scrollSnapAlign: 'start',
        bgcolor: CARD_COLORS[index % CARD_COLORS.length],
        borderRadius: 4,
        boxShadow: 3,
        // An assigned level has a thick outline too; the 'Tarea' strip (words and an icon) is what says it.
        outline: tarea ? '4px solid #c2185b' : 'none',
        outlineOffset: -4,
        overflow: 'hidden',
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        // The description shows on hover (L-9), and on keyboard focus for children who use the
        // keyboard. It only fades in over the picture: nothing on the card moves or changes size.
        '&:hover .nivel-desc, &:focus-within .nivel-desc': { opacity: 1 },
        // Touch screens have no hover: there the description is written under the name instead.
        '& .nivel-desc-touch': { display: 'none' },
        '@media (hover: none)': { '& .nivel-desc': { display: 'none' }, '& .nivel-desc-touch': { display: '-webkit-box' } },
      }}
    >
      {tarea && (
        // A small ribbon laid over the picture's top-left corner, in words and with a big icon, so the
        // mark is not told by colour alone. Over the picture rather than a row above it, so this card is
        // as tall as the others and its picture sits where theirs do; one short line, so it hides as
        // little of the picture (which may carry the level's name) as it can. The date is in the card.
        <Box
          data-testid="tarea-badge"
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            zIndex: 1,
            bgcolor: '#c2185b',
            color: '#fff',
            pl: 1.25,
            pr: 2,
            py: 0.25,
            borderBottomRightRadius: 16,
            boxShadow: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            fontWeight: 800,
            fontSize: '1.35rem',
          }}
        >
          <AssignmentIcon aria-hidden="true" sx={{ fontSize: 34 }} />
          Tarea
        </Box>
      )}
      {/* 16:10 from 600 px (4:3 on a phone): the card is shorter, so its 'Empezar' is on a laptop's screen (1280×800) without scrolling. */}
      <Box sx={{ position: 'relative', aspectRatio: { xs: '4 / 3', sm: '16 / 10' }, bgcolor: '#fff' }}>
        {img && (
          <Box
            component="img"
            src={img}
            alt={`Imagen del nivel ${level.nombre_nivel}`}
            // The first card's picture is the screen's largest paint: fetched first; the rest of the
            // carousel waits until it nears the screen. width/height give the 4:3 box before it loads.
            width={400}
            height={300}
            {...(index === 0 ? { fetchPriority: 'high' as const } : index >= 4 ? { loading: 'lazy' as const } : {})}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        )}
        <Box
          className="nivel-desc"
          id={descId}
          sx={{
            position: 'absolute',
            inset: 0,
            p: 2,
            display: 'flex',
            alignItems: 'center',
            bgcolor: '#1d1a3a',
            color: '#fff',
            opacity: 0,
            transition: 'opacity .2s',
            fontSize: '1.05rem',
            lineHeight: 1.4,
            overflow: 'hidden',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          {level.descripcion}
        </Box>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h5" component="h3" sx={{ fontWeight: 800 }}>
            {level.nombre_nivel}
          </Typography>
          {level.dificultad && <Chip label={level.dificultad} size="small" sx={{ bgcolor: '#fff', fontWeight: 700 }} />}
        </Box>
        {due && (
          // The assignment's date, in the ribbon's colour (every card of the row grows alike: same heights).
          <Typography data-testid="tarea-fecha" sx={{ mt: -1, color: '#c2185b', fontWeight: 800, fontSize: '1.05rem' }}>
            {due}
          </Typography>
        )}
        {offline && (
          // In the card's text, not over the picture: an uploaded picture may carry the level's name
          // where a corner badge would hide it. The row's other cards grow alike (as for a due date).
          <Typography
            data-testid="offline-badge"
            sx={{ mt: -1, display: 'flex', alignItems: 'center', gap: 0.5, color: '#1b6b3f', fontWeight: 800, fontSize: '1rem' }}
          >
            <OfflinePinIcon aria-hidden="true" sx={{ fontSize: 22 }} />
            Disponible sin conexión
          </Typography>
        )}
        {/* At most three lines: a long description must not push the card's 'Empezar' off the screen. */}
        <Typography className="nivel-desc-touch" aria-hidden="true" sx={{ WebkitBoxOrient: 'vertical', WebkitLineClamp: 3, overflow: 'hidden' }}>
          {level.descripcion}
        </Typography>
        <LevelStars idNivel={level.id_nivel} stars={stars} />
        <Button
          variant="contained"
          size="large"
          onClick={() => onStart(level)}
          disabled={busy}
          aria-describedby={descId}
          aria-label={`Empezar ${level.nombre_nivel}`}
          // No pulsing focus ripple: the focus is the still outline of focusRing.
          disableFocusRipple
          sx={{ mt: 'auto', minHeight: 52, fontSize: '1.15rem', ...focusRing }}
        >
          Empezar
        </Button>
      </Box>
    </Box>
  );
}, sameCard);

/** LevelCard's props unchanged: the same values, and the same stars for this card's level (the map is new whenever any level's stars change). */
function sameCard(a: LevelCardProps, b: LevelCardProps): boolean {
  const keys = Object.keys(a) as (keyof LevelCardProps)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) =>
    k === 'stars' ? GAMES.every((g) => a.stars[starsKey(a.level.id_nivel, g.id)] === b.stars[starsKey(b.level.id_nivel, g.id)]) : Object.is(a[k], b[k]),
  );
}

/** The greeting and 'Jugar' (memoised: see LevelCard). */
const Greeting = memo(function Greeting({ nombre, listo, idNivel }: { nombre: string; listo: string; idNivel: string | null }) {
  return (
    <Box sx={{ mb: { xs: 2, sm: 2.5 }, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 2, rowGap: 1.5 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography
          variant="h3"
          component="h1"
          sx={{ fontSize: { xs: '2rem', sm: '2.4rem', md: '2.2rem' }, color: 'primary.dark', lineHeight: 1.15, overflowWrap: 'anywhere' }}
        >
          ¡Hola, {nombre}!
        </Typography>
        <Typography sx={{ fontSize: { xs: '1.15rem', sm: '1.3rem', md: '1.2rem' }, mt: 0.5 }}>¿Estás {listo} para la clase de hoy?</Typography>
      </Box>
      <Fab
        component={RouterLink}
        to={idNivel ? `/juegos/${idNivel}` : '/juegos'}
        color="secondary"
        variant="extended"
        aria-label="Ir a los juegos"
        sx={{ width: { xs: '100%', sm: 'auto' }, minHeight: 64, px: 3, fontSize: '1.1rem', flex: '0 0 auto', ...focusRing }}
      >
        <SportsEsportsIcon sx={{ mr: 1 }} />
        Jugar
      </Fab>
    </Box>
  );
});

const Review = lazy(() => import('../repaso/Review'));

/**
 * /home, and /home/repaso: the review session (L-10.2), a chunk of its own loaded on demand. It
 * is opened from here rather than by a route entry of its own because an entry adds the session's
 * chunk list to the entry chunk every page downloads, and /logIn's JS budget (150 KB) has no room
 * for it (docs/decisions.md "The learner's review screens").
 */
export default function HomeRoute() {
  const { panel } = useParams();
  if (panel === 'repaso')
    return (
      <Suspense fallback={<Loading label="Preparando tu repaso..." />}>
        <Review />
      </Suspense>
    );
  if (panel) return <Navigate to="/errorPage" replace />;
  return (
    <LearnerQueries>
      <Home />
    </LearnerQueries>
  );
}

/** Child home: greeting, level carousel with search, and the play button. */
function Home() {
  const user = useLearner();
  const navigate = useNavigate();
  const first = useFirstData();
  const levelsQ = useQuery(
    learnerQuery(
      first,
      'nivel/getNivels',
      (opts) =>
        fetchLevels(opts).catch((err: unknown) => {
          console.error('No se pudieron cargar los niveles', err);
          throw err;
        }),
      levelsOf,
    ),
  );
  const error = levelsQ.isError;
  const levels: Nivel[] | null = useMemo(() => levelsQ.data ?? (error ? [] : null), [levelsQ.data, error]);
  const [search, setSearch] = useState('');
  const [starting, setStarting] = useState<number | null>(null);
  const track = useRef<HTMLUListElement>(null);
  const idNivel = typeof localStorage !== 'undefined' ? localStorage.getItem(CURRENT_LEVEL_KEY) : null;

  useEffect(warmSound, []);
  // Which levels this tablet holds for offline use, read from the caches themselves (L-9).
  const [offlineLevels, setOfflineLevels] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    if (!levels?.length || !user?.id) return;
    const me = Number(user.id);
    let live = true;
    void Promise.all(levels.map(async (l) => ((await isLevelOffline(l.id_nivel, me)) ? l.id_nivel : null))).then(
      (ids) => live && setOfflineLevels(new Set(ids.filter((x): x is number => x !== null))),
    );
    return () => {
      live = false;
    };
  }, [levels, user?.id]);
  // The stars of every level's games, kept on the server (games.md G-7); loaded once per session.
  const stars = useGameStars();
  useEffect(() => {
    void syncGameResults();
  }, []);

  // The levels the child's classes assigned (L-9) come first. Any failure (offline, no class,
  // an older server) leaves /home as it was: the levels in their usual order, no error shown.
  const tareasQ = useQuery(
    learnerQuery(first, 'clase/mis-tareas', async ({ signal, started }) => tareasOf(await apiGet<unknown>('clase/mis-tareas', { signal, started })), tareasOf),
  );
  const tareas = useMemo(() => tareasQ.data ?? [], [tareasQ.data]);
  const tareaDe = useMemo(() => new Map(tareas.map((t) => [t.id_nivel, t])), [tareas]);
  // The cards are snapped (scroll-snap): when the assigned levels move to the front, the browser
  // re-snaps to the card it was on, which hides the first 'Tarea' behind the left edge. Back to the
  // start, once, when the assignments arrive (before paint).
  useLayoutEffect(() => {
    if (tareas.length) track.current?.scrollTo({ left: 0, behavior: 'instant' });
  }, [tareas]);

  const shown = useMemo(() => ordenarConTareas(filterLevels(levels ?? [], search), tareas), [levels, search, tareas]);

  const start = useCallback(
    async (level: Nivel) => {
      setStarting(level.id_nivel);
      // The sound (none with Sin sonido) and its visible twin, the banner, for at least a second:
      // navigation waits for both, at most 1.5 s (playLevelSound's limit).
      await Promise.all([playLevelSound(), new Promise((r) => setTimeout(r, LEVEL_BANNER_MIN_MS))]);
      navigate(`/supmenu/${level.id_nivel}`);
    },
    [navigate],
  );
  const startingLevel = starting === null ? null : (levels?.find((l) => l.id_nivel === starting) ?? null);

  const nombre = (typeof user?.nombre === 'string' && user.nombre.trim()) || 'Invitado';
  const listo = user?.sexo === 'niño' ? 'listo' : 'lista';

  return (
    <LearnerPage navbar={{ search, onSearch: setSearch }} dense>
      <Invitaciones />
      {/* The greeting and 'Jugar' share one row, and from 900 px that row sits beside "Repaso de
          hoy": 'Jugar' is in the page's flow, never floating over a card's 'Empezar', and the top
          of the page is short enough that the first card's 'Empezar' is on screen without scrolling
          on a tablet either way up (768×1024, 1280×800), descriptions written out on touch screens. */}
      <Box sx={{ display: { md: 'grid' }, gridTemplateColumns: { md: 'minmax(0, 1fr) minmax(0, 2fr)' }, columnGap: 3, alignItems: 'start' }}>
        <Greeting nombre={nombre} listo={listo} idNivel={idNivel} />

        {/* A child who has seen no word yet is sent to the first level the list shows (assigned ones first). */}
        <ReviewCard firstLevel={ordenarConTareas(levels ?? [], tareas)[0] ?? null} />
      </Box>

      <Box component="section" aria-labelledby="niveles-titulo">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id="niveles-titulo" variant="h4" component="h2" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
            Niveles
          </Typography>
          <ScrollButtons target={track} label="niveles" />
        </Box>
        {levels === null ? (
          <Loading label="Cargando niveles..." />
        ) : error ? (
          <Alert severity="error">No se pudieron cargar los niveles. Inténtalo de nuevo más tarde.</Alert>
        ) : shown.length === 0 ? (
          <Typography sx={{ py: 4, fontSize: '1.2rem' }} role="status">
            {levels.length === 0 ? 'Todavía no hay niveles.' : `No hay niveles que se llamen "${search.trim()}".`}
          </Typography>
        ) : (
          <Box
            component="ul"
            ref={track}
            aria-label="Niveles disponibles"
            sx={{
              display: 'flex',
              gap: 3,
              overflowX: 'auto',
              scrollSnapType: 'x mandatory',
              p: 1,
              pb: 3,
              m: 0,
              scrollbarWidth: 'thin',
            }}
          >
            {shown.map((l, i) => (
              <LevelCard
                key={l.id_nivel}
                level={l}
                index={i}
                onStart={start}
                busy={starting !== null}
                stars={stars}
                tarea={tareaDe.get(l.id_nivel)}
                offline={offlineLevels.has(l.id_nivel)}
              />
            ))}
          </Box>
        )}
      </Box>

      {startingLevel && <LevelStartBanner levelName={startingLevel.nombre_nivel} />}
    </LearnerPage>
  );
}
