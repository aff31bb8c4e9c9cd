import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Title, useGetOne } from 'react-admin';
import { formatBytes, importButtonLabel, summaryLine, type ImportItem } from '../../../shared/rules/mediaImport';
import { DropZone } from './DropZone';
import { NamingHelp } from './NamingHelp';
import { useLevelMedia } from './useLevelMedia';
import { useMediaImport } from './useMediaImport';
import { plural, Preview, stateParts } from './importRows';

/**
 * /admin/nivel/{id}/importar: bulk media import (screens-backoffice.md B-5.1). Files named by word (a zip or several
 * files) are matched to the level's words and slots (src/shared/rules/mediaImport.ts), shown for
 * review, and only uploaded when «Importar N archivos» is pressed: one by one, over the slot's
 * current row when it has one (PUT) or as a new row (POST), a failure not stopping the rest.
 */
export default function ImportarMultimedia() {
  const { id = '' } = useParams();
  const level = useGetOne('nivel', { id }, { enabled: !!id });
  const levelName = String(level.data?.nombre_nivel ?? '');
  const title = levelName ? `Importar multimedia a «${levelName}»` : 'Importar multimedia';
  const media = useLevelMedia(id);
  // Below md the sidebar leaves too little room for a table (768 × 1024 portrait): a list instead.
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'));

  const mediaImport = useMediaImport(media);
  const { addFiles, chosen, clear, doneRef, headerChecked, importing, matched, phase, plan, progress, readErrors } = mediaImport;
  const { reading, results, rows, runImport, selectable, selected, setReadErrors, sources, toggle, toggleAll } = mediaImport;
  const resultList = [...results.entries()];
  const okCount = resultList.filter(([, r]) => r.state === 'ok').length;
  const replacedCount = resultList.filter(([, r]) => r.state === 'ok' && r.replaced).length;
  const errorCount = resultList.filter(([, r]) => r.state === 'error').length;
  const wordsDone = new Set(matched.filter((r) => results.get(r.index)?.state === 'ok').map((r) => r.word));
  const wordsLink = `/admin/palabra?filter=${encodeURIComponent(JSON.stringify({ id_nivel: Number(id) }))}`;

  const manyZips = new Set(sources.map((s) => s.zip)).size > 1;
  const headerCheckbox = (
    <Checkbox
      checked={headerChecked}
      indeterminate={chosen.length > 0 && !headerChecked}
      disabled={importing || selectable.length === 0}
      onChange={toggleAll}
      slotProps={{ input: { 'aria-label': 'Marcar o desmarcar todos' } }}
    />
  );
  /** What a row shows, laid out as a table row (wide screens) or a list item (narrow ones). */
  const rowParts = (it: ImportItem) => {
    const source = sources[it.index]!;
    const result = results.get(it.index);
    const folder = source.path.includes('/') ? source.path.slice(0, source.path.lastIndexOf('/')) : '';
    const where = [manyZips ? source.zip : null, folder].filter(Boolean).join(' › ');
    const savedInstead =
      it.status === 'match' ? it.conflictsWith.map((i) => plan.items.find((o) => o.index === i)!).find((o) => results.get(o.index)?.state === 'ok') : undefined;
    const picked = it.status === 'match' && selected.has(it.index);
    const pickedInstead =
      it.status === 'match' && !picked ? it.conflictsWith.map((i) => plan.items.find((o) => o.index === i)!).find((o) => selected.has(o.index)) : undefined;
    const conflict = it.status === 'match' && it.conflictsWith.length > 0 && !result && !savedInstead && !picked && !pickedInstead;
    const check =
      result?.state === 'ok' ? (
        <Box sx={{ width: 42, display: 'flex', justifyContent: 'center', pt: 1 }}>
          <CheckCircleIcon color="success" titleAccess="Guardado" />
        </Box>
      ) : (
        <Checkbox
          checked={it.status === 'match' && selected.has(it.index)}
          disabled={it.status !== 'match' || importing}
          onChange={() => toggle(it.index)}
          slotProps={{ input: { 'aria-label': `Importar ${it.name}` } }}
        />
      );
    const file = (
      <>
        <Typography variant="body2" fontWeight={600} sx={{ color: 'inherit' }}>
          {it.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {formatBytes(it.size)}
          {where ? ` · ${where}` : ''}
        </Typography>
      </>
    );
    const target =
      it.status === 'match' ? (
        <Typography variant="body2">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {it.word.palabraEspanol}
          </Box>
          {it.byEnglish ? ` (por «${it.word.palabraIngles}»)` : ''} → {it.slot.label}
        </Typography>
      ) : null;
    return {
      source,
      check,
      file,
      target,
      ...stateParts(it, plan, picked, result, savedInstead, pickedInstead),
      tint: conflict ? 'rgba(211, 47, 47, 0.05)' : undefined,
      muted: it.status === 'nomatch',
    };
  };
  const overall = progress ? ((progress.current - 1 + progress.fraction) / progress.total) * 100 : 0;

  return (
    <Box sx={{ p: { xs: 1, sm: 2, md: 3 }, maxWidth: 1200 }}>
      <Title title={title} />
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ xs: 'flex-start', sm: 'center' }} gap={1} sx={{ mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography color="text.secondary">Nada se guarda hasta que pulses «Importar»: antes verás a qué palabra va cada archivo.</Typography>
        </Box>
        <Button component={RouterLink} to={`/admin/nivel/${id}`} startIcon={<ArrowBackIcon />} sx={{ minHeight: 44, flexShrink: 0 }} disabled={importing}>
          Volver al nivel
        </Button>
      </Stack>

      {media.error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => void media.reload()}>
              Reintentar
            </Button>
          }
        >
          {media.error}
        </Alert>
      )}
      {!media.loading && !media.error && media.words.length === 0 && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" component={RouterLink} to="/admin/palabra/create">
              Crear palabra
            </Button>
          }
        >
          Este nivel aún no tiene palabras: crea sus palabras antes de importar su multimedia.
        </Alert>
      )}
      {plan.warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ mb: 2 }}>
          {w}
        </Alert>
      ))}

      <Box sx={{ mb: 2 }}>
        <DropZone onFiles={(f) => void addFiles(f)} disabled={importing || !!reading || media.loading} compact={sources.length > 0} />
      </Box>
      <NamingHelp collapsed={sources.length > 0} />
      {(reading || media.loading) && (
        <Box role="status" sx={{ mb: 2 }}>
          <Typography variant="body2">{reading ?? 'Cargando las palabras del nivel…'}</Typography>
          <LinearProgress aria-label={reading ?? 'Cargando'} />
        </Box>
      )}
      {readErrors.map((e) => (
        <Alert key={e} severity="error" sx={{ mb: 2 }} onClose={() => setReadErrors((l) => l.filter((x) => x !== e))}>
          {e}
        </Alert>
      ))}

      {phase === 'done' && (
        <Alert
          ref={doneRef}
          tabIndex={-1}
          severity={errorCount ? 'warning' : 'success'}
          sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
          data-testid="importar-resultado"
        >
          <Typography fontWeight={600}>
            {`Importación terminada: ${plural(okCount, 'archivo guardado', 'archivos guardados')}`}
            {replacedCount
              ? ` (${replacedCount} ${replacedCount === 1 ? 'reemplazó al' : 'reemplazaron a los'} anterior${replacedCount === 1 ? '' : 'es'})`
              : ''}
            {errorCount ? ` · ${plural(errorCount, 'con error', 'con error')}` : ''}.
          </Typography>
          {errorCount > 0 && (
            <Typography variant="body2">Los que fallaron siguen marcados: revisa el motivo en la tabla y vuelve a pulsar «Importar».</Typography>
          )}
          {wordsDone.size > 0 && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              Ver la multimedia de:{' '}
              {[...wordsDone].map((w, i) => (
                <span key={w.id_palabra}>
                  {i > 0 && ', '}
                  <Link component={RouterLink} to={`/admin/palabra/${w.id_palabra}/multimedia`}>
                    {w.palabraEspanol}
                  </Link>
                </span>
              ))}
            </Typography>
          )}
          <Stack direction="row" gap={1} flexWrap="wrap" sx={{ mt: 1 }}>
            <Button variant="contained" size="small" component={RouterLink} to={`/admin/nivel/${id}`}>
              Volver al nivel
            </Button>
            <Button variant="outlined" size="small" component={RouterLink} to={wordsLink}>
              Ver las palabras del nivel
            </Button>
            <Button size="small" onClick={clear}>
              Importar más archivos
            </Button>
          </Stack>
        </Alert>
      )}

      {sources.length > 0 && (
        <>
          <Stack direction="row" alignItems="center" gap={1} sx={{ mb: 1 }}>
            {narrow && headerCheckbox}
            <Typography sx={{ fontWeight: 600 }} data-testid="importar-resumen">
              {summaryLine(plan, selected)}
            </Typography>
          </Stack>
          {narrow ? (
            <Paper variant="outlined" component="ul" aria-label="Archivos a importar" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {rows.map((it, i) => {
                const r = rowParts(it);
                return (
                  <Box
                    component="li"
                    key={r.source.id}
                    data-testid="importar-fila"
                    sx={{
                      display: 'flex',
                      gap: 1,
                      p: 1,
                      pr: 1.5,
                      borderTop: i ? 1 : 0,
                      borderColor: 'divider',
                      bgcolor: r.tint,
                      color: r.muted ? 'text.secondary' : undefined,
                    }}
                  >
                    <Box sx={{ flexShrink: 0 }}>{r.check}</Box>
                    <Box sx={{ flexShrink: 0, pt: 0.5 }}>
                      <Preview source={r.source} />
                    </Box>
                    <Box sx={{ flex: 1, minWidth: 0, pt: 0.5 }}>
                      <Stack direction="row" gap={1} justifyContent="space-between" alignItems="flex-start">
                        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{r.file}</Box>
                        <Box sx={{ flexShrink: 0 }}>{r.chip}</Box>
                      </Stack>
                      {it.status === 'match' && <Box sx={{ mt: 0.5 }}>{r.target}</Box>}
                      {r.detail}
                    </Box>
                  </Box>
                );
              })}
            </Paper>
          ) : (
            <TableContainer component={Paper} variant="outlined" sx={{ contain: 'inline-size' }}>
              <Table size="small" aria-label="Archivos a importar">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">{headerCheckbox}</TableCell>
                    <TableCell>Archivo</TableCell>
                    <TableCell>Palabra</TableCell>
                    <TableCell>Va a</TableCell>
                    <TableCell>Estado</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((it) => {
                    const r = rowParts(it);
                    return (
                      <TableRow
                        key={r.source.id}
                        data-testid="importar-fila"
                        sx={{ bgcolor: r.tint, '& td': { color: r.muted ? 'text.secondary' : undefined, verticalAlign: 'top' } }}
                      >
                        <TableCell padding="checkbox">{r.check}</TableCell>
                        <TableCell sx={{ minWidth: 200 }}>
                          <Stack direction="row" gap={1.5} alignItems="flex-start">
                            <Preview source={r.source} />
                            <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{r.file}</Box>
                          </Stack>
                        </TableCell>
                        <TableCell>
                          {it.status === 'match' ? (
                            <>
                              <Typography variant="body2" fontWeight={600}>
                                {it.word.palabraEspanol}
                              </Typography>
                              {it.byEnglish && (
                                <Typography variant="caption" color="text.secondary" component="div">
                                  por «{it.word.palabraIngles}»
                                </Typography>
                              )}
                            </>
                          ) : (
                            '—'
                          )}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{it.status === 'match' ? it.slot.label : '—'}</TableCell>
                        <TableCell sx={{ minWidth: 180 }}>
                          <Stack gap={0.5} alignItems="flex-start">
                            {r.chip}
                            {r.detail}
                          </Stack>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}

          <Paper elevation={6} sx={{ position: 'sticky', bottom: 0, mt: 2, p: 1.5, zIndex: 2, borderRadius: 2 }} data-testid="importar-barra">
            {progress && importing ? (
              <Box role="status" aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  Subiendo {progress.current} de {progress.total}…{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    ({progress.name})
                  </Box>
                </Typography>
                <LinearProgress variant="determinate" value={overall} aria-label="Progreso de la importación" />
              </Box>
            ) : (
              <Stack direction="row" gap={1.5} alignItems="center" flexWrap="wrap">
                {(phase !== 'done' || chosen.length > 0) && (
                  <Button variant="contained" onClick={() => void runImport()} disabled={chosen.length === 0 || !!reading} sx={{ minHeight: 44 }}>
                    {chosen.length === 0 ? 'Importar' : importButtonLabel(chosen.length)}
                  </Button>
                )}
                <Button variant="outlined" onClick={clear} sx={{ minHeight: 44 }}>
                  {phase === 'done' ? 'Vaciar la lista' : 'Cancelar'}
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
                  {chosen.length === 0
                    ? phase === 'done'
                      ? 'Importación terminada. Puedes añadir más archivos o vaciar la lista.'
                      : matched.length === 0
                        ? 'Ningún archivo coincide: revisa sus nombres («Cómo nombrar los archivos»).'
                        : 'Marca los archivos que quieras importar.'
                    : `Se ${chosen.length === 1 ? 'guardará' : 'guardarán'} ${plural(chosen.length, 'archivo', 'archivos')} en ${plural(new Set(chosen.map((c) => c.word.id_palabra)).size, 'palabra', 'palabras')}.`}
                </Typography>
              </Stack>
            )}
          </Paper>
        </>
      )}
    </Box>
  );
}
