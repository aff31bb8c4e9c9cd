import spanishMessages from '@blackbox-vision/ra-language-spanish';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';

/**
 * Our own catalogue on top of the Spanish package: the delete confirmation wording (B-1.3) and
 * the resource names as the sidebar shows them. Untranslated keys fall back to the text itself,
 * so the product's messages can be passed to notify() as they are.
 */
const ours = {
  ra: {
    action: { confirm: 'Sí, eliminar', cancel: 'Cancelar', save: 'Guardar', create: 'Crear', edit: 'Editar', delete: 'Eliminar' },
    message: {
      are_you_sure: '¿Estás seguro?',
      delete_title: '¿Estás seguro?',
      delete_content: 'Esta acción no se puede deshacer.',
      invalid_form: 'Por favor, complete todos los campos.',
      // Asked (window.confirm) by warnWhenUnsavedChanges before leaving a half-filled form (B-1.3).
      unsaved_changes: 'Hay cambios sin guardar. ¿Salir sin guardar?',
    },
    page: { dashboard: 'Inicio', empty: 'Sin registros todavía.', invite: 'Puedes crear uno nuevo.' },
    navigation: { no_results: 'No se encontraron resultados.' },
  },
  resources: {
    usuario: { name: 'Usuario |||| Usuarios' },
    nivel: { name: 'Nivel |||| Niveles' },
    palabra: { name: 'Palabra |||| Palabras' },
    conten: { name: 'Contenido |||| Contenidos' },
    multimedia: { name: 'Multimedia |||| Multimedia' },
    evaluacion: { name: 'Evaluación |||| Evaluaciones' },
    pregunta: { name: 'Pregunta |||| Preguntas' },
    respuesta: { name: 'Respuesta |||| Respuestas' },
    institucion: { name: 'Institución |||| Instituciones' },
    dominio: { name: 'Dominio |||| Dominios' },
    comentario: { name: 'Comentario |||| Comentarios' },
    progreso: { name: 'Progreso |||| Progresos' },
    rol: { name: 'Rol |||| Roles' },
  },
};

const esMessages = mergeTranslations(spanishMessages, ours) as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => esMessages, 'es', [{ locale: 'es', name: 'Español' }], { allowMissing: true });
