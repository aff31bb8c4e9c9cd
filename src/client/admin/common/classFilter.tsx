import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ReferenceInput, SelectInput, useGetList } from 'react-admin';
import { isAdminUser } from '../resources/clases/api';

/**
 * The class filter of the teacher's lists (Memoria, Palabras difíciles, Resultados): `id_clase` on
 * the list's call. The classes offered are the caller's (the classes list is scoped on the server:
 * a profesor gets only the classes they teach, admins all), and the server refuses any other id.
 * Empty = no class named = every class the caller may see, so a profesor starts on "their classes".
 */
const allClassesLabel = () => (isAdminUser() ? 'Todas las clases' : 'Todas mis clases');

const CLASS_SORT = { field: 'nombre', order: 'ASC' } as const;

/** The caller's classes, by name (a school has dozens at most). */
function useMyClasses() {
  return useGetList<{ id: number; nombre: string }>('clases', { pagination: { page: 1, perPage: 200 }, sort: CLASS_SORT });
}

/** A plain select for the screens that hold their filters in React state. */
export function ClassSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { data, error } = useMyClasses();
  const known = !value || (data ?? []).some((c) => String(c.id) === value);
  return (
    <TextField
      select
      size="small"
      label="Clase"
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: 200 }}
      error={!!error}
      helperText={error ? 'No se pudieron cargar las clases.' : undefined}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allClassesLabel()}</MenuItem>
      {(data ?? []).map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.nombre}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The same filter for a react-admin list (beside its search box). */
export const claseFilter = () => (
  <ReferenceInput key="id_clase" source="id_clase" reference="clases" sort={CLASS_SORT} perPage={200} alwaysOn>
    <SelectInput label="Clase" optionText="nombre" emptyText={allClassesLabel()} sx={{ minWidth: 200 }} />
  </ReferenceInput>
);
