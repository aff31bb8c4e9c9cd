import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiButton from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BooleanInput, Confirm, SelectInput, TextInput, useDataProvider, useInput, useNotify, useRecordContext, useRedirect, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { claseSchema, type ClaseWire } from '../../../../shared/resources/clases';
import { ApiError, apiGet, apiPost } from '../../../api/http';
import { errorMessage } from '../../dataProvider';
import { MESSAGES } from '../../messages';
import { PICKER_TEXTS, RefPicker } from '../../common/pickers';
import { Still, usePressInList } from '../../common/heldWhilePressed';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';
import { isAdminUser, me } from './api';

const resolver = schemaResolver(claseSchema);

type Option = { id: number; nombre: string };

/**
 * A profesor cannot read the institutions list (admin-only, routes.md R-2.2.1). Their choices: what
 * `GET api/clase/instituciones` offers when the server has it, plus the institutions of the
 * classes they already teach (always readable to them).
 */
function useInstitucionesProfesor() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['clase', 'instituciones-profesor'],
    queryFn: async (): Promise<Option[]> => {
      const found = new Map<number, string>();
      try {
        const r = await apiGet<{ data?: { id_institucion: number; nombre: string }[] }>('clase/instituciones');
        for (const i of r.data ?? []) found.set(Number(i.id_institucion), i.nombre);
      } catch (err) {
        if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 403)) throw err;
      }
      const mine = await dataProvider.getList('clases', { pagination: { page: 1, perPage: 100 }, sort: { field: 'nombre', order: 'ASC' }, filter: {} });
      for (const c of mine.data as unknown as ClaseWire[]) found.set(Number(c.id_institucion), c.institucion?.nombre ?? `#${c.id_institucion}`);
      return [...found].map(([id, nombre]) => ({ id, nombre })).sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
    },
  });
}

function InstitucionInput() {
  const admin = isAdminUser();
  const q = useInstitucionesProfesor();
  if (admin)
    return (
      <RefPicker source="id_institucion" reference="institucion" label="Institución" optionText="nombre" isRequired sort={{ field: 'nombre', order: 'ASC' }} />
    );
  const choices = q.data ?? [];
  return (
    <SelectInput
      source="id_institucion"
      label="Institución"
      choices={choices}
      optionText="nombre"
      isRequired
      isLoading={q.isLoading}
      fullWidth
      helperText={!q.isLoading && choices.length === 0 ? 'Pide a un administrador que registre tu institución.' : undefined}
    />
  );
}

/** "Nombre Apellido" of a staff user of the users list. */
const staffName = (u: { nombre?: string; apellido?: string | null }) => `${u.nombre ?? ''} ${u.apellido ?? ''}`.trim();

/** The roles a class's teacher may have: the users list's `rol` filter (checked on the server). */
const STAFF_FILTER = 'profesor,admin,superadmin';

/**
 * The teachers, for an admin: a multi-select over the staff (profesor, admin, superadmin). The
 * server lists staff only (`rol` filter on the users list) and typing searches them (`q`), so a
 * teacher is offered however many pupils there are; chosen teachers keep their names from the
 * record. MUI's Autocomplete rather than react-admin's ReferenceArrayInput, which keeps the chosen
 * ids' records in a second query the staff filter would not cover.
 */
function ProfesoresPicker() {
  const record = useRecordContext<RaRecord>();
  const dataProvider = useDataProvider();
  const { field, fieldState } = useInput({ source: 'profesores', isRequired: true });
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const [names, setNames] = useState<Map<number, string>>(() => {
    const ids = (record?.profesores as number[] | undefined) ?? [];
    const ns = (record?.profesores_nombres as string[] | undefined) ?? [];
    return new Map(ids.map((id, i) => [Number(id), ns[i] ?? `#${id}`]));
  });
  const q = useQuery({
    queryKey: ['clase', 'staff', debounced],
    queryFn: async (): Promise<Option[]> => {
      const res = await dataProvider.getList('usuario', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'nombre', order: 'ASC' },
        filter: debounced ? { q: debounced, rol: STAFF_FILTER } : { rol: STAFF_FILTER },
      });
      return res.data.map((u) => ({ id: Number(u.id), nombre: `${staffName(u)}${u.email ? ` (${u.email})` : ''}` }));
    },
  });
  const value: number[] = Array.isArray(field.value) ? (field.value as unknown[]).map(Number) : [];
  const options = useMemo(() => {
    const m = new Map(names);
    for (const o of q.data ?? []) m.set(o.id, o.nombre);
    return m;
  }, [names, q.data]);
  // The list stays still under a press, so a search answer landing then cannot move the option away.
  const held = usePressInList();
  return (
    <Still held={held}>
      <Autocomplete
        multiple
        options={[...options.keys()]}
        value={value}
        filterOptions={(ids) => ids}
        getOptionLabel={(id) => options.get(id) ?? `#${id}`}
        onChange={(_e, ids) => {
          setNames((prev) => new Map([...prev, ...ids.map((id) => [id, options.get(id) ?? `#${id}`] as const)]));
          field.onChange(ids);
        }}
        onBlur={field.onBlur}
        inputValue={text}
        onInputChange={(_e, v, reason) => reason !== 'reset' && setText(v)}
        loading={q.isFetching}
        renderValue={(ids, getItemProps) =>
          ids.map((id, index) => <Chip {...getItemProps({ index })} key={id} label={options.get(id) ?? `#${id}`} size="small" />)
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Profesores *"
            placeholder="Escribe un nombre para buscar"
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? 'Profesores y administradores.'}
          />
        )}
        sx={{ width: '100%', mb: 2 }}
        {...PICKER_TEXTS}
      />
    </Still>
  );
}

/** A profesor: the class's teachers shown, not chosen (on create, just themself). */
function ProfesoresFijos() {
  const record = useRecordContext<RaRecord>();
  const names = (record?.profesores_nombres as string[] | undefined) ?? [me().nombre];
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        Profesores
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }} data-testid="profesores-fijos">
        {names.map((n) => (
          <Chip key={n} label={n} />
        ))}
      </Box>
    </Box>
  );
}

/**
 * The code is made by the server: shown big and read-only on edit. 'Nuevo código' (POST
 * api/clase/{id}/nuevoCodigo) replaces it when it was shared too widely; the old one stops working.
 */
function CodigoLectura() {
  const codigo = useWatch({ name: 'codigo' }) as string | undefined;
  const record = useRecordContext<RaRecord>();
  const { setValue } = useFormContext();
  const notify = useNotify();
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!codigo || record?.id == null) return null;
  const renew = async () => {
    setBusy(true);
    try {
      const r = await apiPost<{ msg: string; data: { codigo: string } }>(`clase/${encodeURIComponent(String(record.id))}/nuevoCodigo`);
      setValue('codigo', r.data.codigo, { shouldDirty: false });
      notify(r.msg, { type: 'success' });
      void qc.invalidateQueries({ queryKey: ['clase'] });
      void qc.invalidateQueries({ queryKey: ['clases'] });
    } catch (err) {
      notify(err instanceof ApiError ? err.msg : 'No se pudo cambiar el código.', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };
  return (
    <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2 }}>
      <Box>
        <Typography variant="caption" color="text.secondary" component="p">
          Código de la clase (lo escriben los alumnos para entrar)
        </Typography>
        <Typography data-testid="codigo-clase" sx={{ fontFamily: 'monospace', fontSize: 28, fontWeight: 800, letterSpacing: 4 }}>
          {codigo}
        </Typography>
      </Box>
      <MuiButton variant="outlined" size="small" onClick={() => setConfirm(true)} disabled={busy}>
        Nuevo código
      </MuiButton>
      <Confirm
        isOpen={confirm}
        loading={busy}
        title="¿Cambiar el código de la clase?"
        content="Las tarjetas impresas y el código guardado en las tabletas dejarán de servir. ¿Crear un código nuevo?"
        confirm="Sí, crear código nuevo"
        cancel="Cancelar"
        confirmColor="warning"
        onConfirm={() => void renew()}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}

function ClaseInputs() {
  const admin = isAdminUser();
  return (
    <>
      <CodigoLectura />
      <TextInput source="nombre" label="Nombre" placeholder="3.º A" isRequired fullWidth />
      <InstitucionInput />
      {admin ? <ProfesoresPicker /> : <ProfesoresFijos />}
      <BooleanInput source="activa" label="Activa (los alumnos pueden entrar con el código)" />
    </>
  );
}

/** Create: a profesor is the teacher; then straight to the class's children (what comes next). */
export function ClaseCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const m = MESSAGES.clases;
  const me0 = me();
  return (
    <ResourceCreate
      title="Nueva clase"
      resource="clases"
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify(m?.created ?? 'Guardado.', { type: 'success' });
          redirect(`/admin/clases/${data.id}/alumnos`);
        },
        onError: (err: unknown) => notify(m?.createError ? m.createError(errorMessage(err)) : errorMessage(err), { type: 'error' }),
      }}
    >
      <ResourceForm resolver={resolver} defaultValues={{ activa: true, profesores: isAdminUser() ? [] : [me0.id] }}>
        <ClaseInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

/** /admin/clases/:id/editar; saving returns to the class's dashboard. */
export function ClaseEdit() {
  const { id } = useParams();
  const notify = useNotify();
  const redirect = useRedirect();
  const m = MESSAGES.clases;
  return (
    <ResourceEdit
      title="Editar clase"
      resource="clases"
      id={id}
      mutationOptions={{
        onSuccess: () => {
          notify(m?.updated ?? 'Guardado.', { type: 'success' });
          redirect(`/admin/clases/${id}`);
        },
        onError: (err: unknown) => notify(m?.updateError ? m.updateError(errorMessage(err)) : errorMessage(err), { type: 'error' }),
      }}
    >
      <ResourceForm resolver={resolver} cancelTo={`/admin/clases/${id}`}>
        <ClaseInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
