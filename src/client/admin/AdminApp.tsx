import type { ReactNode } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { queryClient } from './queryClient';
import { i18nProvider } from './i18n/es';
import { AdminLayout, AdminNotification } from './layout/Layout';
import { adminTheme } from './theme';
import { DominioCreate } from './resources/dominio/Form';
import { ADMIN_RESOURCES } from './registry';
import { SCREENS } from './screens';
import { AdminPathGuard } from './layout/AdminPathGuard';
import Inicio from './pages/Inicio';
import VerEvaluacion from './pages/VerEvaluacion';
import Respuestas from './pages/Respuestas';
import Resultados from './pages/Resultados';
import Configuracion from './pages/Configuracion';
import Trazos from './pages/Trazos';
import Trabajos from './pages/Trabajos';
import { installTypeAhead } from './common/typeAhead';

function GuardedLayout({ children }: { children: ReactNode }) {
  return (
    <AdminPathGuard>
      <AdminLayout>{children}</AdminLayout>
    </AdminPathGuard>
  );
}

/** A route this role may not open: the guard sends to /errorPage (routes.md R-1.3). */
function ToErrorPage() {
  return <Navigate to="/errorPage" replace />;
}

function ToInicio() {
  return <Navigate to="/admin/inicio" replace />;
}

/**
 * The back office (react-admin), lazy-loaded by src/client/routes.tsx at /admin/* inside the role
 * guard (src/shared/routes.ts). It reads the session the learner login stored; /admin → inicio.
 * Each declared resource (registry.ts) is a Resource with its folder's screens (screens.ts); the
 * pages below are the admin routes (routes.md R-1.3) that are not resources. AdminPathGuard applies each
 * screen's roles (the learner router has only checked the staff shell).
 */
// Keys typed while a form opens reach its first field (common/typeAhead.ts): listening from the start.
if (typeof window !== 'undefined') installTypeAhead();

export default function AdminApp() {
  return (
    <Admin
      basename="/admin"
      disableTelemetry
      requireAuth
      title="Manitas · Administración"
      queryClient={queryClient}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={adminTheme}
      layout={GuardedLayout}
      notification={AdminNotification}
      dashboard={ToInicio}
      accessDenied={ToErrorPage}
      loginPage={false}
    >
      {ADMIN_RESOURCES.map(({ decl }) => {
        const { children, ...screens } = SCREENS[decl.name] ?? {};
        return (
          <Resource key={decl.name} name={decl.name} {...screens}>
            {children}
          </Resource>
        );
      })}
      <CustomRoutes>
        <Route path="/inicio" element={<Inicio />} />
        <Route path="/verevaluacion" element={<VerEvaluacion />} />
        <Route path="/respuestas" element={<Respuestas />} />
        <Route path="/respuestas/:idPregunta" element={<Respuestas />} />
        <Route path="/dominio/crear/:idInstitucion" element={<DominioCreate />} />
        <Route path="/resultados" element={<Resultados />} />
        <Route path="/resultados/:id" element={<Resultados />} />
        <Route path="/resultados-alumnos" element={<Resultados mine />} />
        <Route path="/configuracion" element={<Configuracion />} />
        <Route path="/trazos" element={<Trazos />} />
        <Route path="/trabajos" element={<Trabajos />} />
        <Route path="/detalle" element={<ToInicio />} />
      </CustomRoutes>
    </Admin>
  );
}
