import { Navigate, Route } from 'react-router-dom';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/es';
import { AdminLayout, AdminNotification } from './layout/Layout';
import { adminTheme } from './theme';
import usuario from './resources/usuario';
import institucion from './resources/institucion';
import Inicio from './pages/Inicio';

/** A route this role may not open: the spec's guard sends to /errorPage. */
function ToErrorPage() {
  return <Navigate to="/errorPage" replace />;
}

/**
 * The back office (react-admin), lazy-loaded by src/client/routes.tsx at /admin/* inside the role
 * guard. It reads the session the learner login stored; /admin → /admin/inicio.
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
      dashboard={() => <Navigate to="/admin/inicio" replace />}
      accessDenied={ToErrorPage}
      loginPage={false}
    >
      <Resource name="usuario" {...usuario} />
      <Resource name="institucion" {...institucion} />
      <CustomRoutes>
        <Route path="/inicio" element={<Inicio />} />
      </CustomRoutes>
    </Admin>
  );
}
