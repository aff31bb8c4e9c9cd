import { progresoResource } from '../../../../shared/resources/progreso';
import { adminResource } from '../../resourceMeta';

export default adminResource({
  decl: progresoResource,
  menu: { label: 'Progresos', order: 15 },
  messages: {
    load: (m) => `No se pudieron cargar los progresos: ${m}`,
  },
});
