/**
 * How the import screen shows its files (screens-backoffice.md B-5.1): their order (by word, then
 * slot), a thumbnail, and each row's state chip with the sentence that explains it.
 */
import { type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import { MEDIA_SLOTS } from '../../../shared/rules/mediaSlots';
import { conflictMessage, classify, baseName, type ImportItem, type ImportPlan } from '../../../shared/rules/mediaImport';
import { type SourceFile } from './readFiles';

export type RowResult = { state: 'waiting' } | { state: 'uploading'; fraction: number } | { state: 'ok'; replaced: boolean } | { state: 'error'; msg: string };

const SLOT_ORDER = new Map(MEDIA_SLOTS.map((s, i) => [s.descripcion, i]));

/** Matched files grouped by word (then slot, so a conflict's files sit together); the others last. */
export function displayOrder(items: readonly ImportItem[]): ImportItem[] {
  const cmp = new Intl.Collator('es', { sensitivity: 'base', numeric: true }).compare;
  return [...items].sort((a, b) => {
    if (a.status !== b.status) return a.status === 'match' ? -1 : 1;
    if (a.status === 'match' && b.status === 'match') {
      return (
        cmp(a.word.palabraEspanol, b.word.palabraEspanol) ||
        a.word.id_palabra - b.word.id_palabra ||
        SLOT_ORDER.get(a.slot.descripcion)! - SLOT_ORDER.get(b.slot.descripcion)! ||
        cmp(a.name, b.name)
      );
    }
    return cmp(a.name, b.name);
  });
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function Preview({ source }: { source: SourceFile }) {
  const box = { width: 48, height: 48, borderRadius: 1, flexShrink: 0 } as const;
  if (source.previewUrl) return <Box component="img" src={source.previewUrl} alt="" sx={{ ...box, objectFit: 'cover', bgcolor: 'grey.100' }} />;
  const { cls } = classify(baseName(source.path), source.mime);
  const Icon = cls === 'audio' ? AudioFileIcon : cls === 'video' ? MovieIcon : InsertDriveFileIcon;
  return (
    <Box sx={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', color: 'text.secondary' }}>
      <Icon aria-hidden />
    </Box>
  );
}

/** The row's state: a chip, and the sentence that explains it (reason, conflict, server error). */
export function stateParts(
  item: ImportItem,
  plan: ImportPlan,
  picked: boolean,
  result?: RowResult,
  savedInstead?: ImportItem,
  pickedInstead?: ImportItem,
): { chip: ReactNode; detail: ReactNode } {
  const text = (t: string, color = 'text.secondary') => (
    <Typography variant="body2" color={color} sx={{ mt: 0.5 }}>
      {t}
    </Typography>
  );
  if (result?.state === 'ok')
    return { chip: <Chip size="small" color="success" icon={<CheckCircleIcon />} label={result.replaced ? 'Reemplazado' : 'Guardado'} />, detail: null };
  if (result?.state === 'error') return { chip: <Chip size="small" color="error" label="No se guardó" />, detail: text(result.msg, 'error') };
  if (result?.state === 'uploading') {
    return {
      chip: (
        <Stack direction="row" gap={1} alignItems="center">
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">Subiendo… {Math.round(result.fraction * 100)} %</Typography>
        </Stack>
      ),
      detail: null,
    };
  }
  if (item.status === 'nomatch') return { chip: <Chip size="small" color="warning" variant="outlined" label="Sin coincidencia" />, detail: text(item.reason) };
  if (savedInstead && !result)
    return { chip: <Chip size="small" variant="outlined" label="No importado" />, detail: text(`Se guardó «${savedInstead.name}» en su lugar.`) };
  const conflict = conflictMessage(plan, item);
  const waiting = result?.state === 'waiting' ? text('En espera') : null;
  if (conflict && picked)
    return {
      chip: <Chip size="small" color={item.replaces ? 'warning' : 'info'} label={item.replaces ? 'Elegido · reemplaza el actual' : 'Elegido · nuevo'} />,
      detail: waiting ?? text(`Se usará este en lugar de ${item.conflictsWith.map((i) => `«${plan.items.find((o) => o.index === i)?.name}»`).join(', ')}.`),
    };
  if (conflict && pickedInstead)
    return { chip: <Chip size="small" variant="outlined" label="No se usará" />, detail: text(`Se usará «${pickedInstead.name}» en su lugar.`) };
  if (conflict) return { chip: <Chip size="small" color="error" variant="outlined" label="Conflicto" />, detail: text(conflict, 'error') };
  if (item.replaces) return { chip: <Chip size="small" color="warning" label="Reemplaza el actual" />, detail: waiting };
  return { chip: <Chip size="small" color="info" label="Nuevo" />, detail: waiting };
}
