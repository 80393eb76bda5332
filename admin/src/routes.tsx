// The back office's screens, each its own chunk (the first screen loads only itself).
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequireAuth, RequireSection } from './auth/RequireAuth';
import { $staff } from './auth/session';
import { homeOf } from './auth/access';
import { Layout } from './components/layout/Layout';
import { Loading } from './components/common/States';

const SignInPage = lazy(() => import('./pages/SignInPage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const OrdersPage = lazy(() => import('./pages/orders/OrdersPage'));
const OrderDetailPage = lazy(() => import('./pages/orders/OrderDetailPage'));
const PackingSlipPage = lazy(() => import('./pages/orders/PackingSlipPage'));
const CustomersPage = lazy(() => import('./pages/customers/CustomersPage'));
const CustomerDetailPage = lazy(() => import('./pages/customers/CustomerDetailPage'));
const StaffPage = lazy(() => import('./pages/staff/StaffPage'));
const AuditPage = lazy(() => import('./pages/audit/AuditPage'));

/** The first screen: the dashboard, or the orders for a role without one (a pickup store). */
function Home() {
  const staff = useStore($staff);
  if (staff && homeOf(staff.role) !== '/') return <Navigate to={homeOf(staff.role)} replace />;
  return <DashboardPage />;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="adm-notice">
      <h1>{t('notFound.title')}</h1>
      <Link to="/">{t('forbidden.home')}</Link>
    </div>
  );
}

export function AdminRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="sign-in" element={<SignInPage />} />
        <Route element={<RequireAuth />}>
          {/* the packing slip prints alone, without the navigation */}
          <Route element={<RequireSection section="orders" />}>
            <Route path="orders/:number/slip" element={<PackingSlipPage />} />
          </Route>
          <Route element={<Layout />}>
            <Route index element={<Home />} />
            <Route element={<RequireSection section="orders" />}>
              <Route path="orders" element={<OrdersPage />} />
              <Route path="orders/:number" element={<OrderDetailPage />} />
            </Route>
            <Route element={<RequireSection section="customers" />}>
              <Route path="customers" element={<CustomersPage />} />
              <Route path="customers/:id" element={<CustomerDetailPage />} />
            </Route>
            <Route element={<RequireSection section="staff" />}>
              <Route path="staff" element={<StaffPage />} />
            </Route>
            <Route element={<RequireSection section="audit" />}>
              <Route path="audit" element={<AuditPage />} />
            </Route>
            <Route path="*" element={<NotFound />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
