import { useEffect, useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { ImportReply, ImportRowResult } from '../../../../shared/resources/clases';
import { ApiError, apiPost } from '../../../api/http';
import { downloadCsv } from '../../common/csv';
import { fechaCorta } from './api';
import { EXAMPLE_CSV, parseImportRows, readCsvFile } from './importParse';

const COLS = [
  { key: 'nombre', label: 'Nombre' },
  { key: 'apellido', label: 'Apellido' },
  { key: 'fechaNacimiento', label: 'Fecha de nacimiento' },
  { key: 'sexo', label: 'Sexo' },
] as const;
const FIELD_KEYS: readonly string[] = COLS.map((c) => c.key);

/** The row's errors that are about no single field (a duplicate): shown in the row's last cell. */
const rowErrors = (r: ImportRowResult) =>
  Object.entries(r.errores)
    .filter(([k]) => !FIELD_KEYS.includes(k))
    .map(([, v]) => v);

/** "Línea 4", "Líneas 2 y 4", "Líneas 2, 4 y 7". */
export function lineasTexto(ls: readonly number[]): string {
  if (ls.length === 1) return `Línea ${ls[0]}`;
  return `Líneas ${ls.slice(0, -1).join(', ')} y ${ls[ls.length - 1]}`;
}

/** A value of the preview as the teacher reads it: the normalised date as dd/mm/aaaa. */
const shown = (key: string, v: string) => (key === 'fechaNacimiento' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? fechaCorta(v) : v);

/**
 * The server's preview: each value as it will be saved, each error beside its field, each row
 * numbered by its line in the teacher's text or file (the header line counted); the first wrong
 * row is scrolled into view.
 */
function Preview({ filas, lineas }: { filas: ImportRowResult[]; lineas: readonly number[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const first = box.current?.querySelector<HTMLElement>('[data-error="true"]');
    // scrollIntoView would also scroll the dialog; only the preview's own box is moved.
    if (first && box.current) box.current.scrollTop = Math.max(0, first.offsetTop - 40);
  }, [filas]);
  return (
    <TableContainer ref={box} sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1, position: 'relative' }}>
      <Table size="small" stickyHeader aria-label="Vista previa de la importación">
        <TableHead>
          <TableRow>
            <TableCell>Línea</TableCell>
            {COLS.map((c) => (
              <TableCell key={c.key}>{c.label}</TableCell>
            ))}
            <TableCell>Estado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {filas.map((r) => {
            const bad = Object.keys(r.errores).length > 0;
            const extra = rowErrors(r);
            return (
              <TableRow
                key={r.fila}
                data-testid={`fila-${r.fila}`}
                data-error={bad ? 'true' : 'false'}
                sx={bad ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}
              >
                <TableCell data-testid="linea">{lineas[r.fila - 1] ?? r.fila}</TableCell>
                {COLS.map((c) => {
                  const err = r.errores[c.key];
                  return (
                    <TableCell key={c.key} sx={err ? { bgcolor: 'rgba(211, 47, 47, 0.1)' } : undefined}>
                      <span>{shown(c.key, r[c.key]) || (err ? '—' : '')}</span>
                      {err && (
                        <Typography variant="caption" component="div" sx={{ fontWeight: 700, color: 'error.dark' }} data-testid="error-campo">
                          {err}
                        </Typography>
                      )}
                    </TableCell>
                  );
                })}
                <TableCell>
                  {bad ? (
                    <Typography variant="body2" color="error" sx={{ fontWeight: 700 }}>
                      {extra.length ? extra.join(' ') : 'Revisar'}
                    </Typography>
                  ) : (
                    <Typography variant="body2" color="success.main" sx={{ fontWeight: 700 }}>
                      Bien
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * 'Importar alumnos': children with no email from a pasted list (Excel pastes tabs) or a CSV file
 * (chosen or dropped), parsed in the browser (importParse.ts), previewed by the server without
 * saving (guardar:false) with each error beside its field; 'Importar N alumnos' only when every row
 * is right, and then the server saves all of them or none.
 */
export default function ImportarAlumnos({
  id,
  open,
  onClose,
  onImported,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  onImported: (n: number) => void;
}) {
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [reply, setReply] = useState<ImportReply | null>(null);
  const [lineas, setLineas] = useState<number[]>([]);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [drag, setDrag] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const narrow = useMediaQuery('(max-width:599.95px)');

  const reset = () => {
    setText('');
    setFileName(null);
    setReply(null);
    setError(null);
    setChecked(false);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const check = async (source: string) => {
    setError(null);
    setReply(null);
    const { filas, lineas: ls } = parseImportRows(source);
    setLineas(ls);
    setChecked(true);
    if (!filas.length) {
      setError('La lista está vacía.');
      return;
    }
    setBusy(true);
    try {
      setReply(await apiPost<ImportReply>(`clase/${encodeURIComponent(id)}/importar`, { filas, guardar: false }));
    } catch (err) {
      setError(err instanceof ApiError ? err.msg : 'No se pudo revisar la lista.');
    } finally {
      setBusy(false);
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const content = await readCsvFile(file);
    setFileName(file.name);
    setText(content.replace(/^\uFEFF/, ''));
    await check(content);
  };

  const save = async () => {
    const { filas } = parseImportRows(text);
    setBusy(true);
    setError(null);
    try {
      const r = await apiPost<ImportReply>(`clase/${encodeURIComponent(id)}/importar`, { filas, guardar: true });
      const n = r.data?.length ?? r.validas;
      reset();
      onImported(n);
      onClose();
    } catch (err) {
      // 400: some row is wrong now (e.g. someone added the same child meanwhile): nothing saved.
      // The rows are checked again to show which ones (ApiError keeps only the message).
      if (err instanceof ApiError && err.status === 400) {
        await check(text);
        setError(err.msg);
      } else setError(err instanceof ApiError ? err.msg : 'No se pudo importar.');
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDrag(false);
    void onFile(e.dataTransfer.files?.[0]);
  };

  const total = reply?.filas.length ?? 0;
  const malasLineas = reply ? reply.filas.filter((f) => Object.keys(f.errores).length > 0).map((f) => lineas[f.fila - 1] ?? f.fila) : [];
  const malas = malasLineas.length;
  const ready = !!reply && total > 0 && malas === 0;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" fullScreen={narrow} aria-labelledby="importar-title">
      <DialogTitle id="importar-title">Importar alumnos</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          Un alumno por línea: <strong>nombre, apellido, fecha de nacimiento (dd/mm/aaaa) y sexo (niño o niña)</strong>. Puedes pegar las filas desde Excel o
          elegir un archivo CSV. Los alumnos importados no tienen correo: entran con el código de la clase y sus imágenes.
        </Typography>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            setDrag(true);
          }}
          onDragLeave={() => setDrag(false)}
          onDrop={onDrop}
          sx={{ border: 2, borderStyle: 'dashed', borderColor: drag ? 'primary.main' : 'divider', borderRadius: 1, p: 1.5, mb: 1.5 }}
        >
          <TextField
            label="Pega aquí la lista"
            multiline
            minRows={4}
            maxRows={10}
            fullWidth
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setReply(null);
            }}
            placeholder={'Lucía\tPérez\t14/03/2017\tniña\nMateo\tGómez\t02/09/2016\tniño'}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileInput.current?.click()} disabled={busy}>
              Elegir archivo CSV
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv,.txt,text/plain"
              hidden
              aria-label="Archivo CSV"
              data-testid="archivo-csv"
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {fileName ? `Archivo: ${fileName}` : 'o arrástralo aquí.'}
            </Typography>
            <Button startIcon={<DownloadIcon />} onClick={() => downloadCsv(EXAMPLE_CSV, 'ejemplo-alumnos.csv')} aria-label="Descargar ejemplo de archivo CSV">
              Descargar ejemplo
            </Button>
          </Box>
        </Box>
        {busy && <LinearProgress sx={{ mb: 1 }} />}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }} role="alert">
            {error}
          </Alert>
        )}
        {reply && (
          <>
            <Alert severity={malas ? 'warning' : 'success'} sx={{ mb: 1 }} data-testid="resumen-importacion">
              {malas
                ? `${malas === 1 ? '1 fila tiene' : `${malas} filas tienen`} errores (${lineasTexto(malasLineas)}): corrígelas y pulsa «Comprobar de nuevo». No se importará nada hasta que todas estén bien.`
                : `${total === 1 ? 'La fila está bien' : `Las ${total} filas están bien`}.`}
            </Alert>
            <Preview filas={reply.filas} lineas={lineas} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy}>
          Cancelar
        </Button>
        {/* Not 'Revisar': that is a wrong row's status in the preview. */}
        <Button variant="outlined" onClick={() => void check(text)} disabled={busy || !text.trim()}>
          {checked ? 'Comprobar de nuevo' : 'Comprobar'}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !ready}>
          {ready ? `Importar ${total} ${total === 1 ? 'alumno' : 'alumnos'}` : 'Importar'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
