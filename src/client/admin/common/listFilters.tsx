import type { ReactElement } from 'react';
import { BooleanInput, ReferenceInput, SearchInput, SelectInput, type RaRecord } from 'react-admin';
import { MULTIMEDIA_TIPOS } from '../../../shared/resources/multimedia';
import { HeldAutocompleteInput } from './heldWhilePressed';

/**
 * The lists' reference filters (routes.md R-2.2.2): react-admin filter inputs shown beside the list's search
 * box, each one a parameter the server binding declares (`filters` / `conditions`), so a list never
 * looks filtered while holding every row. Pickers are autocompletes: typing searches (`q`).
 */

/** The list's search box (B-1.2), first, then the list's own filters. */
export const withSearch = (placeholder: string, ...more: ReactElement[]): ReactElement[] => [
  <SearchInput key="q" source="q" alwaysOn placeholder={placeholder} />,
  ...more,
];

const pickerSx = { minWidth: 200 };

export const nivelFilter = (source = 'id_nivel') => (
  <ReferenceInput key={source} source={source} reference="nivel" sort={{ field: 'nombre_nivel', order: 'ASC' }} alwaysOn>
    <HeldAutocompleteInput label="Nivel" optionText="nombre_nivel" sx={pickerSx} />
  </ReferenceInput>
);

export const palabraFilter = (source = 'id_palabra') => (
  <ReferenceInput key={source} source={source} reference="palabra" sort={{ field: 'palabraEspanol', order: 'ASC' }} alwaysOn>
    <HeldAutocompleteInput
      label="Palabra"
      optionText={(p: RaRecord) => `${p.palabraEspanol}${p.nivel?.nombre_nivel ? ` (${p.nivel.nombre_nivel})` : ''}`}
      sx={pickerSx}
    />
  </ReferenceInput>
);

/** "Animales (#3)": an evaluation by its level's name, with its id (the column is "Evaluación ID", B-11.1). */
export const evaluacionLabel = (id: unknown, nombreNivel: unknown) => (nombreNivel ? `${String(nombreNivel)} (#${String(id)})` : `#${String(id ?? '-')}`);

export const evaluacionFilter = (source = 'id_evaluacion') => (
  <ReferenceInput key={source} source={source} reference="evaluacion" sort={{ field: 'nivel', order: 'ASC' }} alwaysOn>
    <HeldAutocompleteInput label="Evaluación" optionText={(e: RaRecord) => evaluacionLabel(e.id, e.nivel?.nombre_nivel)} sx={pickerSx} />
  </ReferenceInput>
);

/** "¿Qué animal es? (#12)": a question by its text (an image-only question by its id). */
export const preguntaLabel = (id: unknown, texto: unknown) => (texto ? `${String(texto)} (#${String(id)})` : `(solo imagen) #${String(id ?? '-')}`);

export const preguntaFilter = (source = 'id_pregunta') => (
  <ReferenceInput key={source} source={source} reference="pregunta" sort={{ field: 'pregunta', order: 'ASC' }} alwaysOn>
    <HeldAutocompleteInput label="Pregunta" optionText={(p: RaRecord) => preguntaLabel(p.id, p.pregunta)} sx={{ minWidth: 260 }} />
  </ReferenceInput>
);

export const tipoMultimediaFilter = () => (
  <SelectInput key="tipo" source="tipo" label="Tipo" alwaysOn choices={MULTIMEDIA_TIPOS.map((t) => ({ id: t, name: t }))} sx={{ minWidth: 140 }} />
);

/**
 * "Sin seña": the words no sign media belongs to (server: palabra's `sin_sena` condition, the rule
 * of src/shared/rules/signMedia.ts). Off means no filter, not "with a sign".
 */
export const sinSenaFilter = () => <BooleanInput key="sin_sena" source="sin_sena" label="Sin seña" alwaysOn parse={(v: boolean) => (v ? true : undefined)} />;
