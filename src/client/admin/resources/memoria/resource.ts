import { memoriaResource } from '../../../../shared/resources/memoria';
import { adminResource } from '../../resourceMeta';

/** The children's memory per word (screens-backoffice.md B-14), read-only; its screens are the teacher's "Memoria". */
export default adminResource({
  decl: memoriaResource,
  // Right after Resultados (11): the other screen about how the children are doing.
  menu: { label: 'Memoria', order: 11.5 },
  messages: {
    load: (m) => `No se pudo cargar la memoria: ${m}`,
  },
});
