import type { ReactElement, ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { Create, CreateButton, Edit, List, SearchInput, SimpleForm, TopToolbar, type CreateProps, type EditProps, type ListProps } from 'react-admin';
import { FormToolbar } from './components';
import { useLoadErrorOptions, useSaveOptions } from './hooks';

/** A list screen: the spec's title, search box (`q`), a create button when the role may create. */
export function ResourceList({
  children,
  search,
  create = true,
  actions,
  ...rest
}: Omit<ListProps, 'children'> & { children: ReactNode; search?: string; create?: boolean }) {
  const queryOptions = useLoadErrorOptions(rest.resource);
  return (
    <List
      exporter={false}
      perPage={25}
      queryOptions={queryOptions}
      filters={search ? [<SearchInput key="q" source="q" alwaysOn placeholder={search} />] : undefined}
      actions={actions ?? <TopToolbar>{create && <CreateButton label="Crear" />}</TopToolbar>}
      {...rest}
    >
      {children as ReactElement}
    </List>
  );
}

type FormProps = { children: ReactNode; disableWhenInvalid?: boolean; defaultValues?: Record<string, unknown>; resolver: Resolver };

/**
 * One form for create and edit (spec: "both modes live on one screen"). `resolver` is the
 * resource's shared schema (schemaResolver in zodForm.ts): the inputs carry no validators.
 */
export function ResourceForm({ children, disableWhenInvalid, defaultValues, resolver }: FormProps) {
  return (
    <SimpleForm
      resolver={resolver}
      toolbar={<FormToolbar disableWhenInvalid={disableWhenInvalid} />}
      disableInvalidFormNotification
      mode={disableWhenInvalid ? 'onChange' : 'onSubmit'}
      reValidateMode="onChange"
      defaultValues={defaultValues}
      sx={{ maxWidth: 720 }}
    >
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
