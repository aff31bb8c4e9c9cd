import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import DownloadIcon from '@mui/icons-material/Download';
import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { CSV_SEPARATOR_OPTIONS, storeCsvSeparator, storedCsvSeparator, type CsvSeparator } from './csv';

/**
 * 'Exportar CSV' with the separator choice beside it (screens-backoffice.md B-3.3, B-13): a split button whose arrow opens
 * 'Excel en español (;)' / 'Coma (,)'. The choice is remembered (csv.ts, localStorage) and handed to
 * `onExport`, which builds and downloads the file. MUI's split-button pattern: react-admin's
 * ExportButton has no separator option (its exporter is jsonexport, always commas).
 */
export function CsvExportButton({
  onExport,
  disabled,
  label = 'Exportar CSV',
}: {
  onExport: (sep: CsvSeparator) => Promise<void> | void;
  disabled?: boolean;
  label?: string;
}) {
  const notify = useNotify();
  const [sep, setSep] = useState<CsvSeparator>(storedCsvSeparator);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const current = CSV_SEPARATOR_OPTIONS.find((o) => o.value === sep)!;
  const run = async () => {
    setBusy(true);
    try {
      await onExport(sep);
    } catch (err) {
      notify(`No se pudo exportar: ${err instanceof Error ? err.message : String(err)}`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ButtonGroup variant="outlined" ref={anchor} aria-label={`${label} (${current.label})`}>
        <Button startIcon={<DownloadIcon />} onClick={() => void run()} disabled={disabled || busy} title={`Separador: ${current.label}`}>
          {label}
        </Button>
        <Button
          size="small"
          aria-label={`Separador del CSV: ${current.label}`}
          aria-haspopup="menu"
          aria-expanded={open ? 'true' : undefined}
          onClick={() => setOpen(true)}
          sx={{ px: 0.5 }}
        >
          <ArrowDropDownIcon />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={anchor.current} open={open} onClose={() => setOpen(false)}>
        {CSV_SEPARATOR_OPTIONS.map((o) => (
          <MenuItem
            key={o.value}
            selected={o.value === sep}
            role="menuitemradio"
            aria-checked={o.value === sep}
            onClick={() => {
              setSep(o.value);
              storeCsvSeparator(o.value);
              setOpen(false);
            }}
          >
            <ListItemIcon>{o.value === sep ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{o.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
