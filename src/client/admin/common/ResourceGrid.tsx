import { ConfirmDelete } from './components';
import { Children, createContext, isValidElement, useContext, useRef, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  BulkActionsToolbar,
  Button,
  Confirm,
  Datagrid,
  EditButton,
  RecordContextProvider,
  useCanAccess,
  useCreatePath,
  useDataProvider,
  useGetRecordRepresentation,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  useResourceDefinition,
  useSidebarState,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { errorMessage } from '../dataProvider';
import { MESSAGES } from '../messages';
import { adminResourceByName } from '../registry';
import { csvFileName, downloadCsv, toCsv, type CsvColumn, type CsvSeparator } from './csv';
import { CsvExportButton } from './CsvExportButton';
import { SAVED_ID_STATE } from './hooks';

/** Below this width the grid becomes one card per record (tablets in portrait: 768 px). */
const COMPACT_QUERY = '(max-width:1023.95px)';
/** Export fetches the list in pages of this size, up to EXPORT_MAX rows (a bound, not a sample). */
export const EXPORT_PAGE = 500;
export const EXPORT_MAX = 20000;

type Rec = Record<string, unknown>;
type ColumnSpec = CsvColumn<Rec>;
type RowClick = 'edit' | 'show' | false | ((record: RaRecord) => string);

/**
 * The columns the list shows, kept by ResourceList so its 'Exportar' button (in the top toolbar,
 * outside the grid) exports exactly them. A ref, not state: it is read only when the button is pressed.
 */
export const GridColumnsContext = createContext<{ current: ColumnSpec[] | null } | null>(null);

const get = (r: unknown, path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Rec)[k] : undefined), r);
const isPrimitive = (v: unknown) => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);

/** A cell of action buttons (give it label="Acciones" for the header): its clicks (and its dialogs', which bubble through React) never open the row. */
export function RowActions({ children }: { label?: string; children: ReactNode }) {
  return (
    <Box onClick={(e: MouseEvent) => e.stopPropagation()} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      {children}
    </Box>
  );
}

/** The row actions of most lists: 'Editar' and 'Eliminar' (with its confirmation), under the header 'Acciones'. */
export function EditDeleteActions(_: { label?: 'Acciones' }) {
  return (
    <RowActions>
      <EditButton />
      <ConfirmDelete />
    </RowActions>
  );
}

type FieldProps = {
  source?: string;
  label?: unknown;
  render?: (r: Rec) => unknown;
  csv?: false | ((r: Rec) => unknown);
  sortable?: boolean;
  sortBy?: string;
};

/** A child that holds buttons (RowActions, a bare button): no column in the export, the card's footer. */
const isAction = (el: ReactElement) => {
  const p = el.props as FieldProps;
  return el.type === RowActions || p.label === 'Acciones' || (!p.source && typeof p.label !== 'string');
};

/**
 * The export columns, read from the grid's own children: their Spanish labels and what they show —
 * a FunctionField's text (names rather than ids), or the field's source when it draws a picture
 * (Rating, Chip). `csv={(r) => ...}` on a child overrides; `csv={false}` leaves it out.
 */
export function columnsOf(children: ReactNode): ColumnSpec[] {
  return Children.toArray(children).flatMap((child): ColumnSpec[] => {
    if (!isValidElement(child) || isAction(child)) return [];
    const p = child.props as FieldProps;
    if (p.csv === false) return [];
    const label = typeof p.label === 'string' ? p.label : (p.source ?? '');
    if (!label) return [];
    if (typeof p.csv === 'function') return [{ label, value: p.csv }];
    const { render, source } = p;
    if (typeof render === 'function')
      return [
        {
          label,
          value: (r) => {
            const v = render(r);
            return isPrimitive(v) ? v : source ? get(r, source) : '';
          },
        },
      ];
    return source ? [{ label, value: (r) => get(r, source) }] : [];
  });
}

/**
 * 'Exportar': every row of the list as it is filtered and sorted now (not just the page), fetched
 * in pages of 500, as an Excel-readable CSV with the grid's Spanish headers (csv.ts). The same split
 * button as the class and results exports (CsvExportButton): ';' for a Spanish Excel by default, or ','.
 */
export function ExportCsvButton({ columns, name }: { columns?: ColumnSpec[]; name?: string }) {
  const { filterValues, sort, total } = useListContext();
  const resource = useResourceContext() ?? '';
  const registered = useContext(GridColumnsContext);
  const dataProvider = useDataProvider();
  const onExport = async (sep: CsvSeparator) => {
    const cols = columns ?? registered?.current ?? [];
    const rows: Rec[] = [];
    try {
      for (let page = 1; rows.length < EXPORT_MAX; page++) {
        const res = await dataProvider.getList(resource, { pagination: { page, perPage: EXPORT_PAGE }, sort, filter: filterValues });
        rows.push(...(res.data as Rec[]));
        if (res.data.length < EXPORT_PAGE || rows.length >= (res.total ?? 0)) break;
      }
    } catch (err) {
      // CsvExportButton says 'No se pudo exportar: {m}' with the server's reason.
      throw new Error(errorMessage(err));
    }
    // Columns that only draw (a file preview) have no text: left out rather than empty.
    const useful = cols.filter((c) => rows.some((r) => !['', null, undefined].includes(c.value(r) as never)));
    downloadCsv(
      toCsv(useful.length ? useful : cols, rows.slice(0, EXPORT_MAX), sep),
      csvFileName(name ?? adminResourceByName(resource)?.menu?.label ?? resource),
    );
  };
  return <CsvExportButton label="Exportar" onExport={onExport} disabled={total === 0} />;
}

/**
 * Bulk delete with the delete confirmation of B-1.3 (screens-backoffice.md). Our own loop rather than react-admin's BulkDeleteButton:
 * its deleteMany stops at the first refusal and reports one message, while here each row is deleted
 * once, in turn (pessimistic), a refused row (409, in use) is named with the server's reason, and the
 * others are still deleted.
 */
function BulkDeleteWithReasons() {
  const { selectedIds, data, onSelect } = useListContext();
  const resource = useResourceContext() ?? '';
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const represent = useGetRecordRepresentation(resource);
  const [open, setOpen] = useState(false);
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const m = MESSAGES[resource];
  const run = async () => {
    if (running.current) return; // a second click while running deletes nothing twice
    running.current = true;
    setBusy(true);
    const ids = [...selectedIds];
    const failed: { id: Identifier; text: string }[] = [];
    let done = 0;
    for (const id of ids) {
      const record = data?.find((r) => r.id === id);
      try {
        await dataProvider.delete(resource, { id, previousData: record });
        done++;
      } catch (err) {
        const name = record ? String(represent(record) ?? '') || `#${id}` : `#${id}`;
        failed.push({ id, text: `«${name}»: ${errorMessage(err)}` });
      }
    }
    running.current = false;
    setBusy(false);
    setOpen(false);
    onSelect(failed.map((f) => f.id));
    refresh();
    if (!failed.length) notify(done === 1 ? (m?.deleted ?? 'Eliminado.') : `Se eliminaron ${done} registros.`, { type: 'success' });
    else
      notify(`Se eliminaron ${done} de ${ids.length}. No se eliminaron: ${failed.map((f) => f.text).join(' ')}`, {
        type: done ? 'warning' : 'error',
        multiLine: true,
        autoHideDuration: 15000,
      });
  };
  const n = selectedIds.length;
  return (
    <>
      <Button label="Eliminar" color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} disabled={busy} />
      <Confirm
        isOpen={open}
        loading={busy}
        title="¿Estás seguro?"
        content={`${m?.confirmDelete ?? 'Esta acción no se puede deshacer.'} (${n} ${n === 1 ? 'seleccionado' : 'seleccionados'})`}
        confirm="Sí, eliminar"
        cancel="Cancelar"
        confirmColor="warning"
        onConfirm={() => void run()}
        onClose={() => !busy && setOpen(false)}
      />
    </>
  );
}

/** Where a click on a record goes: its edit form (default, when it has one), or a given path. */
function useRowPath(rowClick: RowClick | undefined) {
  const resource = useResourceContext() ?? '';
  const def = useResourceDefinition();
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit' });
  const createPath = useCreatePath();
  const click = rowClick === undefined ? (def.hasEdit && canEdit ? 'edit' : false) : rowClick;
  if (click === false) return null;
  if (typeof click === 'function') return click;
  return (r: RaRecord) => createPath({ resource, id: r.id, type: click });
}

/** The row just saved: held for 2.5 s, then faded out (a highlight, not a lasting state). */
const savedFlash = keyframes`
  0%, 60% { background-color: var(--manitas-saved-bg); }
  100% { background-color: transparent; }
`;
const SAVED_ROW_ANIMATION = 4000;
// The theme's success green (#2e7d32) at 22 %: light enough for the row's text to keep its contrast.
const savedSx = {
  '--manitas-saved-bg': 'rgba(46, 125, 50, 0.22)',
  animation: `${savedFlash} ${SAVED_ROW_ANIMATION}ms ease-out forwards`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none', backgroundColor: 'var(--manitas-saved-bg)' },
} as const;

/** The id of the record a save has just returned from (useSaveOptions puts it in the navigation state). */
function useSavedId(): string | null {
  const state = useLocation().state as Record<string, unknown> | null;
  const id = state?.[SAVED_ID_STATE];
  return id === undefined || id === null ? null : String(id);
}

/**
 * The columns a list may be sorted by, as the Datagrid's headers offer them: every field with a
 * label and a sort key (`sortBy`, else `source`) that is not `sortable={false}`.
 */
export function sortChoices(children: ReactNode): { field: string; label: string }[] {
  const items = Children.toArray(children).filter(isValidElement) as ReactElement[];
  return items.flatMap((c) => {
    if (isAction(c)) return [];
    const p = c.props as FieldProps;
    const field = p.sortBy ?? p.source;
    if (p.sortable === false || !field || typeof p.label !== 'string') return [];
    return [{ field, label: p.label }];
  });
}

/**
 * 'Ordenar por' above the cards: the card view has no column headers to click, so the same sorts
 * (server side, the list's own sort) are offered as one select, each column up and down.
 */
function CardSort({ children }: { children: ReactNode }) {
  const { sort, setSort } = useListContext();
  const choices = sortChoices(children);
  if (choices.length === 0) return null;
  const value = `${sort?.field ?? ''}:${sort?.order ?? 'ASC'}`;
  const known = choices.some((c) => value === `${c.field}:ASC` || value === `${c.field}:DESC`);
  return (
    <Box sx={{ px: 1, pt: 1 }}>
      <TextField
        select
        size="small"
        label="Ordenar por"
        value={known ? value : ''}
        onChange={(e) => {
          const [field, order] = e.target.value.split(':');
          setSort({ field: field!, order: order === 'DESC' ? 'DESC' : 'ASC' });
        }}
        sx={{ minWidth: 240 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {!known && <MenuItem value="">{sort?.field === 'id' ? 'Más recientes primero' : '—'}</MenuItem>}
        {choices.flatMap((c) =>
          (['ASC', 'DESC'] as const).map((o) => (
            <MenuItem key={`${c.field}:${o}`} value={`${c.field}:${o}`}>
              {`${c.label} ${o === 'ASC' ? '↑' : '↓'}`}
            </MenuItem>
          )),
        )}
      </TextField>
    </Box>
  );
}

/**
 * One card per record (narrow screens): the columns as labelled pairs that wrap (the first one, the
 * record's name, twice as wide), the buttons below on the right. Room at the end for the Crear button
 * react-admin floats over small screens.
 */
function CompactList({ children, bulk, pathOf }: { children: ReactNode; bulk: boolean; pathOf: ((r: RaRecord) => string) | null }) {
  const { data, selectedIds, onToggleItem } = useListContext();
  const navigate = useNavigate();
  const savedId = useSavedId();
  const items = Children.toArray(children).filter(isValidElement) as ReactElement[];
  const fields = items.filter((c) => !isAction(c));
  const actions = items.filter(isAction);
  return (
    <Box component="ul" aria-label="Registros" sx={{ listStyle: 'none', m: 0, p: 1, pb: 10, display: 'grid', gap: 1 }}>
      {(data ?? []).map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card
            component="li"
            variant="outlined"
            data-testid="grid-card"
            onClick={pathOf ? () => navigate(pathOf(record)) : undefined}
            sx={[
              { cursor: pathOf ? 'pointer' : undefined, '&:hover': pathOf ? { bgcolor: 'action.hover' } : undefined },
              String(record.id) === savedId ? savedSx : {},
            ]}
          >
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              {bulk && (
                <Checkbox
                  size="small"
                  checked={selectedIds.includes(record.id)}
                  onClick={(e) => e.stopPropagation()}
                  onChange={() => onToggleItem(record.id)}
                  inputProps={{ 'aria-label': `Seleccionar registro ${record.id}` }}
                  sx={{ p: 0.5, mt: -0.5 }}
                />
              )}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Box
                  component="dl"
                  sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', columnGap: 2, rowGap: 0.75, alignItems: 'start' }}
                >
                  {fields.map((f, i) => {
                    const label = (f.props as FieldProps).label;
                    return (
                      <Box key={i} sx={{ minWidth: 0, gridColumn: i === 0 ? 'span 2' : undefined }}>
                        <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 700, lineHeight: 1.3, display: 'block' }}>
                          {typeof label === 'string' ? label : ''}
                        </Typography>
                        <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', fontWeight: i === 0 ? 700 : undefined }}>
                          {f}
                        </Box>
                      </Box>
                    );
                  })}
                </Box>
                {actions.length > 0 && (
                  <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5, mt: 0.5 }}>
                    {actions}
                  </Box>
                )}
              </Box>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

/**
 * Every back-office list's grid: react-admin's Datagrid from 1024 px, cards below; bulk select and
 * delete where the role may delete (`bulkDelete={false}` turns it off, e.g. Evaluaciones whose B-9
 * delete is only a warning); a click on a row opens it (`rowClick`); the columns are registered for
 * the 'Exportar' button.
 */
export function ResourceGrid({
  children,
  rowClick,
  bulkDelete = true,
  csv,
  minWidth,
}: {
  children: ReactNode;
  rowClick?: RowClick;
  bulkDelete?: boolean;
  /** Export columns when the grid's own are not right. */
  csv?: ColumnSpec[];
  /**
   * Width (px) the table needs: a wide list (Usuarios, nine columns of B-4) also turns to cards when
   * the open sidebar leaves less than this, so its action buttons never fall off the right edge.
   */
  minWidth?: number;
}) {
  const resource = useResourceContext() ?? '';
  const [sidebarOpen] = useSidebarState();
  const narrow = useMediaQuery(COMPACT_QUERY, { noSsr: true });
  // react-admin's sidebar: 240 px open, 55 px folded (from 1024 px; below, the shell's drawer overlays).
  const squeezed = useMediaQuery(`(max-width:${(minWidth ?? 0) + (sidebarOpen ? 240 : 55) - 0.05}px)`, { noSsr: true });
  const compact = narrow || (minWidth !== undefined && squeezed);
  const { canAccess: canDelete } = useCanAccess({ resource, action: 'delete' });
  const registered = useContext(GridColumnsContext);
  if (registered) registered.current = csv ?? columnsOf(children);
  const bulk = bulkDelete && !!canDelete;
  const pathOf = useRowPath(rowClick);
  const savedId = useSavedId();
  if (compact)
    return (
      <>
        {bulk && (
          <BulkActionsToolbar>
            <BulkDeleteWithReasons />
          </BulkActionsToolbar>
        )}
        <CardSort>{children}</CardSort>
        <CompactList bulk={bulk} pathOf={pathOf}>
          {children}
        </CompactList>
      </>
    );
  return (
    <Datagrid
      rowClick={pathOf ? (_id, _res, record) => pathOf(record) : false}
      bulkActionButtons={bulk ? <BulkDeleteWithReasons /> : false}
      rowSx={(record) => (savedId !== null && String(record.id) === savedId ? savedSx : {})}
      // Narrower cell padding: nine columns (Usuarios) fit beside the open sidebar at 1280 px.
      sx={{ '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell': { px: 1 } }}
    >
      {children}
    </Datagrid>
  );
}
