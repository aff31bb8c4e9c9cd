import { useEffect, useRef, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import {
  Create,
  CreateButton,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TopToolbar,
  type CreateProps,
  type EditProps,
  type ListProps,
  type SortPayload,
} from 'react-admin';
import { FormToolbar } from './components';
import { FocusFirstField } from './formFlow';
import { useLoadErrorOptions, useSaveOptions } from './hooks';
import { ExportCsvButton, GridColumnsContext } from './ResourceGrid';

/**
 * The lists' order where the spec sets none (screens-backoffice.md B-1.2): newest first, so a record
 * just saved is on page 1 (in id order it went to the end, often onto page 2). `id` sorts by the
 * record's id column on every resource (listSpecOf, src/server/resources/define.ts).
 */
const NEWEST_FIRST: SortPayload = { field: 'id', order: 'DESC' };

/**
 * A list screen (screens-backoffice.md B-1.2): its title, search box (`q`), a create button when the role may create and
 * 'Exportar' (CSV of the columns its ResourceGrid shows, registered through GridColumnsContext).
 * Newest first unless the screen passes its own `sort`.
 */
export function ResourceList({
  children,
  search,
  create = true,
  actions,
  ...rest
}: Omit<ListProps, 'children'> & { children: ReactNode; search?: string; create?: boolean }) {
  const queryOptions = useLoadErrorOptions(rest.resource);
  const columns = useRef(null);
  return (
    <GridColumnsContext.Provider value={columns}>
      <List
        exporter={false}
        perPage={25}
        sort={NEWEST_FIRST}
        queryOptions={queryOptions}
        filters={search ? [<SearchInput key="q" source="q" alwaysOn placeholder={search} />] : undefined}
        actions={
          actions ?? (
            <TopToolbar>
              {create && <CreateButton label="Crear" />}
              <ExportCsvButton />
            </TopToolbar>
          )
        }
        {...rest}
      >
        {children as ReactElement}
      </List>
    </GridColumnsContext.Provider>
  );
}

type FormProps = {
  children: ReactNode;
  disableWhenInvalid?: boolean;
  defaultValues?: Record<string, unknown>;
  resolver: Resolver;
  /** Fields "Guardar y crear otro" keeps for the next record (formFlow.tsx DEFAULT_KEEP if not given). */
  keep?: readonly string[];
  /** Where Cancelar goes (the list by default): an answer opened from its question returns there. */
  cancelTo?: string;
  /** More save buttons on the create form (FormToolbar's createExtra). */
  createExtra?: ReactNode;
};

/**
 * One form for create and edit (both modes live on one screen, screens-backoffice.md B-1.2). `resolver` is the
 * resource's shared schema (schemaResolver in zodForm.ts): the inputs carry no validators.
 * The first field takes the focus; leaving with unsaved changes asks first (react-admin's
 * warnWhenUnsavedChanges: it needs a data router, and the admin runs inside the app's
 * createBrowserRouter; the question is ra.message.unsaved_changes in i18n/es.ts).
 */
export function ResourceForm({ children, disableWhenInvalid, defaultValues, resolver, keep, cancelTo, createExtra }: FormProps) {
  // The first field's focus, once the form has reset its values (FocusFirstField explains why here).
  const focusWhenReady = useRef<(() => void) | null>(null);
  useEffect(() => focusWhenReady.current?.(), []);
  return (
    <SimpleForm
      resolver={resolver}
      warnWhenUnsavedChanges
      toolbar={<FormToolbar disableWhenInvalid={disableWhenInvalid} keep={keep} defaults={defaultValues} cancelTo={cancelTo} createExtra={createExtra} />}
      disableInvalidFormNotification
      mode={disableWhenInvalid ? 'onChange' : 'onSubmit'}
      reValidateMode="onChange"
      defaultValues={defaultValues}
      sx={{ maxWidth: 720 }}
    >
      <FocusFirstField ready={focusWhenReady} />
      {children}
    </SimpleForm>
  );
}

export function ResourceCreate({ children, ...rest }: Omit<CreateProps, 'children'> & { children: ReactNode }) {
  const mutationOptions = useSaveOptions('create', rest.resource);
  return (
    <Create redirect="list" mutationOptions={mutationOptions} {...rest}>
      {children as ReactElement}
    </Create>
  );
}

export function ResourceEdit({ children, ...rest }: Omit<EditProps, 'children'> & { children: ReactNode }) {
  const mutationOptions = useSaveOptions('update', rest.resource);
  return (
    <Edit redirect="list" mutationMode="pessimistic" mutationOptions={mutationOptions} actions={false} {...rest}>
      {children as ReactElement}
    </Edit>
  );
}

/**
 * The create and edit screens of a resource whose two forms are the same inputs under the same
 * rules (titles as screens-backoffice.md names them), so each such resource does not write both out.
 */
export function formScreens(Inputs: ComponentType, resolver: Resolver, titles: { create: string; edit: string }) {
  const form = (
    <ResourceForm resolver={resolver}>
      <Inputs />
    </ResourceForm>
  );
  const Create = () => <ResourceCreate title={titles.create}>{form}</ResourceCreate>;
  const Edit = () => <ResourceEdit title={titles.edit}>{form}</ResourceEdit>;
  return { Create, Edit };
}
