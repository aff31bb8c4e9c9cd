import type { ReactNode } from 'react';
import { ReferenceInput, type AutocompleteInputProps, type RaRecord } from 'react-admin';
import { HeldAutocompleteInput } from './heldWhilePressed';

/**
 * Reference pickers that search: react-admin's AutocompleteInput inside a ReferenceInput. Typing
 * sends the list's `q` to the server (resource searchFields), so a picker is never capped at the
 * first page of rows (the old SelectInputs loaded at most 500). The Spanish texts are MUI's
 * Autocomplete ones: no options, loading, clear, open/close.
 */
export const PICKER_TEXTS = {
  noOptionsText: 'Sin resultados.',
  loadingText: 'Cargando…',
  clearText: 'Borrar',
  openText: 'Abrir',
  closeText: 'Cerrar',
} as const;

/** How many options a picker shows at a time; typing narrows them on the server. */
export const PICKER_PAGE = 25;

type PickerProps = {
  source: string;
  reference: string;
  label: string;
  optionText: AutocompleteInputProps['optionText'];
  isRequired?: boolean;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  filter?: Record<string, unknown>;
  groupBy?: (option: RaRecord) => string;
  onChange?: AutocompleteInputProps['onChange'];
  emptyText?: string;
  helperText?: ReactNode;
  autoFocus?: boolean;
};

/** One searchable reference picker (see PICKER_TEXTS). */
export function RefPicker({ source, reference, label, optionText, isRequired, sort, filter, groupBy, onChange, helperText, autoFocus }: PickerProps) {
  return (
    <ReferenceInput source={source} reference={reference} perPage={PICKER_PAGE} sort={sort} filter={filter}>
      <HeldAutocompleteInput
        label={label}
        optionText={optionText}
        isRequired={isRequired}
        groupBy={groupBy}
        onChange={onChange}
        helperText={helperText}
        TextFieldProps={autoFocus ? { autoFocus: true } : undefined}
        // Closed until clicked or typed in: a form that opens with the focus here shows its fields, not a list.
        openOnFocus={false}
        fullWidth
        {...PICKER_TEXTS}
      />
    </ReferenceInput>
  );
}

type UserRow = { nombre: string; apellido?: string | null; email?: string | null };
/** "Nombre Apellido (email)", as the old user selects read; a child without an email (made in a class) is "Nombre Apellido". */
export const userLabel = (u: UserRow) => (u.email ? `${u.nombre} ${u.apellido ?? ''} (${u.email})` : `${u.nombre} ${u.apellido ?? ''}`.trim());

/** A user, found by typing a name, surname or email (server search, every user reachable). */
export function UserPicker({ source, label = 'Usuario', isRequired = true }: { source: string; label?: string; isRequired?: boolean }) {
  return (
    <RefPicker source={source} reference="usuario" label={label} optionText={userLabel} isRequired={isRequired} sort={{ field: 'nombre', order: 'ASC' }} />
  );
}

/** A level by name. */
export function NivelPicker({ source = 'id_nivel', onChange }: { source?: string; onChange?: AutocompleteInputProps['onChange'] }) {
  return (
    <RefPicker
      source={source}
      reference="nivel"
      label="Nivel"
      optionText="nombre_nivel"
      isRequired
      sort={{ field: 'id_nivel', order: 'ASC' }}
      onChange={onChange}
    />
  );
}

type PalabraRow = { palabraEspanol: string; palabraIngles?: string; id_nivel?: number; nivel?: { nombre_nivel?: string } };
/** The level heading a word is listed under. */
const palabraGroup = (p: RaRecord) => (p as unknown as PalabraRow).nivel?.nombre_nivel ?? `Nivel ${(p as unknown as PalabraRow).id_nivel ?? ''}`.trim();

/**
 * A word, grouped by level (sorted by level so each group is one block, as MUI's groupBy needs).
 * `idNivel` narrows it to one level's words.
 */
export function PalabraPicker({
  source = 'id_palabra',
  label = 'Palabra',
  isRequired,
  idNivel,
  bilingual,
  onChange,
}: {
  source?: string;
  label?: string;
  isRequired?: boolean;
  idNivel?: number | null;
  bilingual?: boolean;
  onChange?: AutocompleteInputProps['onChange'];
}) {
  const optionText = bilingual ? (p: PalabraRow) => `${p.palabraEspanol} / ${p.palabraIngles ?? ''}` : 'palabraEspanol';
  return (
    <RefPicker
      source={source}
      reference="palabra"
      label={label}
      optionText={optionText}
      isRequired={isRequired}
      sort={{ field: 'id_nivel', order: 'ASC' }}
      filter={idNivel ? { id_nivel: idNivel } : undefined}
      groupBy={palabraGroup}
      onChange={onChange}
    />
  );
}
