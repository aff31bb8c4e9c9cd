import { usuarioResource } from '../../../../shared/resources/usuario';
import { adminResource } from '../../resourceMeta';

export default adminResource({
  decl: usuarioResource,
  menu: { label: 'Usuarios', order: 2 },
  messages: {
    load: (m) => `Error al obtener usuarios: ${m}`,
  },
  quirks: { sendFullRecord: true },
});
