import { useParams } from 'react-router-dom';
import { TextInput } from 'react-admin';
import { RefPicker } from '../../common/pickers';
import { dominioSchema } from '../../../../shared/resources/dominio';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(dominioSchema);

function DominioInputs() {
  return (
    <>
      <TextInput source="dominio" label="Dominio" placeholder="escuela.edu.mx" isRequired />
      <RefPicker source="id_institucion" reference="institucion" label="Institución" optionText="nombre" isRequired sort={{ field: 'nombre', order: 'ASC' }} />
    </>
  );
}

/**
 * Create; also mounted at /admin/dominio/crear/{idInstitucion}, which preselects that institution
 * (screens-backoffice.md B-16; README D-17: the original specification read the parameter but did not use it).
 */
export function DominioCreate() {
  const { idInstitucion } = useParams();
  const pre = idInstitucion && /^\d+$/.test(idInstitucion) ? Number(idInstitucion) : undefined;
  return (
    <ResourceCreate title="Nuevo dominio" resource="dominio">
      <ResourceForm resolver={resolver} defaultValues={pre ? { id_institucion: pre } : undefined}>
        <DominioInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function DominioEdit() {
  return (
    <ResourceEdit title="Editar dominio">
      <ResourceForm resolver={resolver}>
        <DominioInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
