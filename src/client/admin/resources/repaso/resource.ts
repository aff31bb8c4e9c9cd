import { repasoResource } from '../../../../shared/resources/repaso';
import { adminResource } from '../../resourceMeta';

/** The review log (screens-backoffice.md B-14.4), read-only; reached from the Memoria screen (no menu entry of its own). */
export default adminResource({
  decl: repasoResource,
  messages: {
    load: (m) => `No se pudo cargar el registro de repasos: ${m}`,
  },
});
