import { Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/es';
import { AdminLayout, AdminNotification } from './layout/Layout';
import { adminTheme } from './theme';
import usuario from './resources/usuario';
import nivel from './resources/nivel';
import palabra from './resources/palabra';
import conten from './resources/conten';
import multimedia from './resources/multimedia';
import evaluacion from './resources/evaluacion';
import pregunta from './resources/pregunta';
import respuesta from './resources/respuesta';
import institucion from './resources/institucion';
import dominio from './resources/dominio';
import comentario from './resources/comentario';
import progreso from './resources/progreso';
import rol from './resources/rol';
import { DominioCreate } from './resources/dominio/Form';
import { PreguntaEdit } from './resources/pregunta/Form';
import Inicio from './pages/Inicio';
import VerEvaluacion from './pages/VerEvaluacion';
import PreguntaDetail from './pages/PreguntaDetail';
import Respuestas from './pages/Respuestas';
import Resultados from './pages/Resultados';
import Configuracion from './pages/Configuracion';
import WordMediaPage from './media/WordMediaPage';
import ImportarMultimedia from './import/ImportarMultimedia';

/** A route this role may not open: the spec's guard sends to /errorPage. */
function ToErrorPage() {
  return <Navigate to="/errorPage" replace />;
}

function ToInicio() {
  return <Navigate to="/admin/inicio" replace />;
}

/**
 * The back office (react-admin), lazy-loaded by src/client/routes.tsx at /admin/* inside the role
 * guard (src/shared/routes.ts). It reads the session the learner login stored; /admin → inicio.
 * /admin/pregunta/{id} is the question detail; its edit form lives at /admin/pregunta/{id}/editar.
 * /admin/palabra/{id}/multimedia is a word's media page (its six slots, 'Grabar seña').
 */
export default function AdminApp() {
  return (
    <Admin
      basename="/admin"
      disableTelemetry
      requireAuth
      title="Manitas · Administración"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={adminTheme}
      layout={AdminLayout}
      notification={AdminNotification}
      dashboard={ToInicio}
      accessDenied={ToErrorPage}
      loginPage={false}
    >
      <Resource name="usuario" {...usuario} />
      <Resource name="nivel" {...nivel}>
        <Route path=":id/importar" element={<ImportarMultimedia />} />
      </Resource>
      <Resource name="palabra" {...palabra}>
        <Route path=":id/multimedia" element={<WordMediaPage />} />
      </Resource>
      <Resource name="conten" {...conten} />
      <Resource name="multimedia" {...multimedia} />
      <Resource name="evaluacion" {...evaluacion} />
      <Resource name="pregunta" list={pregunta.list} create={pregunta.create} icon={pregunta.icon} recordRepresentation={pregunta.recordRepresentation}>
        <Route path=":id" element={<PreguntaDetail />} />
        <Route path=":id/editar" element={<PreguntaEdit />} />
      </Resource>
      <Resource name="respuesta" {...respuesta} />
      <Resource name="institucion" {...institucion} />
      <Resource name="dominio" {...dominio} />
      <Resource name="comentario" {...comentario} />
      <Resource name="progreso" {...progreso} />
      <Resource name="rol" {...rol} />
      <CustomRoutes>
        <Route path="/inicio" element={<Inicio />} />
        <Route path="/verevaluacion" element={<VerEvaluacion />} />
        <Route path="/respuestas" element={<Respuestas />} />
        <Route path="/respuestas/:idPregunta" element={<Respuestas />} />
        <Route path="/dominio/crear/:idInstitucion" element={<DominioCreate />} />
        <Route path="/resultados" element={<Resultados />} />
        <Route path="/resultados/:id" element={<Resultados />} />
        <Route path="/configuracion" element={<Configuracion />} />
        <Route path="/detalle" element={<ToInicio />} />
      </CustomRoutes>
    </Admin>
  );
}
