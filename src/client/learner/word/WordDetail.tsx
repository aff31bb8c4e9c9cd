import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { mediaUrl } from '../../api/http';
import { Loading } from '../../ui/Loading';
import { addSeenWord } from '../model/levelStorage';
import { fetchMedia, markSeenOnServer, mediaOf, useLearner } from '../model/learnerData';
import { LearnerQueries, learnerQuery, levelWordsQuery, useFirstData } from '../model/queries';
import { useQuery } from '@tanstack/react-query';
import type { MultimediaWire as Multimedia } from '../../../shared/resources/multimedia';
import type { PalabraWire as Palabra } from '../../../shared/resources/palabra';
import { mediaBy, signMedia } from '../../../shared/rules/signMedia';
import { LearnerPage } from '../ui/LearnerPage';
import { NO_SIGN_MSG, SignPlayer } from '../../sign/SignPlayer';
import { nextWord } from '../model/learnerRules';
import { warmSound } from '../home/sound';
import { ListenButton } from '../../ui/ListenButton';
import { markWordSeen } from '../repaso/wordSeen';
import { AhoraTuButton } from '../ahoraTu/AhoraTuButton';

export { NO_SIGN_MSG };

function LanguageCard({
  lang,
  title,
  word,
  image,
  audio,
}: {
  lang: 'es' | 'en';
  title: string;
  word: string;
  image: Multimedia | null;
  audio: Multimedia | null;
}) {
  const img = mediaUrl(image?.url);
  const src = mediaUrl(audio?.url);
  const idioma = lang === 'es' ? 'español' : 'inglés';
  return (
    <Paper
      component="section"
      aria-label={title}
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1.5,
        borderTop: '6px solid',
        borderColor: lang === 'es' ? '#c2185b' : '#4a3aff',
      }}
    >
      <Typography variant="overline" component="h2" sx={{ fontSize: '0.95rem', fontWeight: 800 }}>
        {title}
      </Typography>
      {img && <Box component="img" src={img} alt={`Dibujo de ${word}`} sx={{ width: '100%', maxWidth: 220, aspectRatio: '1 / 1', objectFit: 'contain' }} />}
      {/* The written word is always visible next to the audio. */}
      <Typography
        lang={lang}
        sx={{ fontSize: { xs: '2rem', sm: '2.4rem' }, fontWeight: 800, textAlign: 'center', wordBreak: 'break-word' }}
        data-testid={`word-${lang}`}
      >
        {word}
      </Typography>
      <ListenButton src={src} word={word} idioma={idioma} />
    </Paper>
  );
}

/** Word detail (/menuletra/{nivelId}/{palabraId}): sign, Spanish and English cards, next, back. Marks the word seen. */
export default function WordDetail() {
  return (
    <LearnerQueries>
      <WordDetailScreen />
    </LearnerQueries>
  );
}

function WordDetailScreen() {
  const { nivelId, palabraId } = useParams();
  const levelId = Number(nivelId);
  const wordId = Number(palabraId);
  const user = useLearner();
  const userId = Number(user?.id);
  const navigate = useNavigate();
  const first = useFirstData();
  const wordsQ = useQuery(levelWordsQuery(first, levelId, 'No se pudieron cargar las palabras'));
  const error = wordsQ.isError;
  const words: Palabra[] | null = wordsQ.data ?? (error ? [] : null);
  const media: Multimedia[] | null = useQuery(learnerQuery(first, `multimedia/palabra/${wordId}`, (opts) => fetchMedia(wordId, opts), mediaOf)).data ?? null;

  useEffect(warmSound, []);

  const word = words?.find((w) => w.id_palabra === wordId) ?? null;

  // Each visit marks the word seen (locally and on the server).
  useEffect(() => {
    if (!word || !userId) return;
    addSeenWord(levelId, userId, word.id_palabra);
    void markSeenOnServer(levelId, [word.id_palabra]);
  }, [word, levelId, userId]);

  // L-12: one view of a word is learning for the review memory (POST repaso/visto), once per
  // view (a ref, so a refetch of the words or StrictMode's second run sends nothing more).
  const seenSent = useRef<number | null>(null);
  useEffect(() => {
    if (!word || !userId || seenSent.current === word.id_palabra) return;
    seenSent.current = word.id_palabra;
    markWordSeen(word.id_palabra);
  }, [word, userId]);

  const index = words && word ? words.indexOf(word) : -1;
  const next = words && word ? nextWord(words, word.id_palabra) : null;
  const sign = media ? signMedia(media) : null;
  const signSrc = mediaUrl(sign?.url);

  return (
    <LearnerPage maxWidth="lg">
      {/* 'Siguiente' sits in the top row, beside "Palabra n de m": on screen without scrolling on a
          tablet either way up, whatever the sign's height (under the sign and the cards it was
          1 156 px down a 800 px screen). */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', columnGap: 2, rowGap: 1, mb: 2 }}>
        <Button component={RouterLink} to={`/supmenu/${levelId}`} startIcon={<ArrowBackIcon />} sx={{ fontSize: '1.05rem', minHeight: 48 }}>
          Volver al nivel
        </Button>
        {index >= 0 && words && (
          <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>
            Palabra {index + 1} de {words.length}
          </Typography>
        )}
        {next && (
          <Button
            variant="contained"
            size="large"
            endIcon={<ArrowForwardIcon />}
            onClick={() => navigate(`/menuletra/${levelId}/${next.id_palabra}`)}
            sx={{ minHeight: 56, fontSize: '1.2rem', px: 4 }}
          >
            Siguiente
          </Button>
        )}
      </Box>

      {words === null ? (
        <Loading label="Cargando palabra..." />
      ) : error ? (
        <Alert severity="error">No se pudo cargar la palabra. Inténtalo de nuevo más tarde.</Alert>
      ) : !word ? (
        <Alert severity="warning">Esta palabra no está en el nivel.</Alert>
      ) : (
        <>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2.2rem', sm: '2.8rem' }, color: 'primary.dark', mb: 2, textAlign: 'center' }}>
            {word.palabraEspanol}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3, alignItems: 'start' }}>
            <Paper component="section" aria-label="Seña" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1, fontWeight: 800 }}>
                Seña
              </Typography>
              {media === null ? (
                <Loading label="Cargando seña..." />
              ) : signSrc ? (
                <>
                  <SignPlayer
                    key={signSrc}
                    src={signSrc}
                    compactSrc={mediaUrl(sign?.compacta?.url)}
                    kind={sign?.tipo === 'video' ? 'video' : 'auto'}
                    label={`Seña de ${word.palabraEspanol}`}
                  />
                  <AhoraTuButton
                    idPalabra={word.id_palabra}
                    senaUrl={sign?.url}
                    src={signSrc}
                    compactSrc={mediaUrl(sign?.compacta?.url)}
                    kind={sign?.tipo === 'video' ? 'video' : 'auto'}
                    word={word.palabraEspanol}
                  />
                </>
              ) : (
                <Typography sx={{ py: 6, textAlign: 'center', fontSize: '1.2rem' }} role="status">
                  {NO_SIGN_MSG}
                </Typography>
              )}
            </Paper>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr' }, gap: 2 }}>
              <LanguageCard
                lang="es"
                title="Español"
                word={word.palabraEspanol}
                image={media && mediaBy(media, 'imgEspanol')}
                audio={media && mediaBy(media, 'audioEspanol')}
              />
              <LanguageCard
                lang="en"
                title="Inglés"
                word={word.palabraIngles}
                image={media && mediaBy(media, 'imgIngles')}
                audio={media && mediaBy(media, 'audioIngles')}
              />
            </Box>
          </Box>
          <Box sx={{ display: 'flex', mt: 3 }}>
            <Button variant="outlined" size="large" startIcon={<ArrowBackIcon />} onClick={() => navigate(`/supmenu/${levelId}`)} sx={{ minHeight: 56 }}>
              Volver
            </Button>
          </Box>
        </>
      )}
    </LearnerPage>
  );
}
