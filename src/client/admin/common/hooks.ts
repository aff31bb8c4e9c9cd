import { useNotify, useRedirect, useResourceContext } from 'react-admin';
import { errorMessage } from '../dataProvider';
import { MESSAGES } from '../messages';

/** Notifications are warnings (yellow) for invalid forms, errors (red) for server refusals. */
export function useSaveOptions(kind: 'create' | 'update', resourceProp?: string) {
  const ctxResource = useResourceContext();
  const resource = resourceProp ?? ctxResource ?? '';
  const notify = useNotify();
  const redirect = useRedirect();
  const m = MESSAGES[resource];
  return {
    onSuccess: () => {
      notify(kind === 'create' ? (m?.created ?? 'Guardado.') : (m?.updated ?? 'Guardado.'), { type: 'success' });
      redirect('list', resource);
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
