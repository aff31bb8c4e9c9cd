import { useNotify, useRedirect, useResourceContext, type RaRecord } from 'react-admin';
import { errorMessage } from '../dataProvider';
import { MESSAGES } from '../messages';

/**
 * Notifications are warnings (yellow) for invalid forms, errors (red) for server refusals. A save
 * returns to the list with the saved record's id in the navigation state (`savedId`): the list
 * highlights that row (ResourceGrid), so the teacher sees at once that it is there.
 */
/** The navigation state key that names the record just saved (read by ResourceGrid). */
export const SAVED_ID_STATE = 'savedId';

export function useSaveOptions(kind: 'create' | 'update', resourceProp?: string) {
  const ctxResource = useResourceContext();
  const resource = resourceProp ?? ctxResource ?? '';
  const notify = useNotify();
  const redirect = useRedirect();
  const m = MESSAGES[resource];
  return {
    onSuccess: (data?: RaRecord) => {
      notify(kind === 'create' ? (m?.created ?? 'Guardado.') : (m?.updated ?? 'Guardado.'), { type: 'success' });
      redirect('list', resource, undefined, undefined, data?.id !== undefined ? { [SAVED_ID_STATE]: data.id } : {});
    },
    onError: (err: unknown) => {
      const reason = errorMessage(err);
      const fn = kind === 'create' ? m?.createError : m?.updateError;
      notify(fn ? fn(reason) : reason, { type: 'error' });
    },
  };
}

export function useLoadErrorOptions(resourceProp?: string) {
  const ctxResource = useResourceContext();
  const resource = resourceProp ?? ctxResource ?? '';
  const notify = useNotify();
  return {
    onError: (err: unknown) => {
      const m = MESSAGES[resource];
      notify(m ? m.load(errorMessage(err)) : errorMessage(err), { type: 'error' });
    },
  };
}
