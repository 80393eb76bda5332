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
// content and settings (the post and page editors carry the rich-text editor in their own chunks)
const CategoriesPage = lazy(() => import('./pages/content/CategoriesPage'));
const BrandsPage = lazy(() => import('./pages/content/BrandsPage'));
const SlidesPage = lazy(() => import('./pages/content/SlidesPage'));
const SlideEditPage = lazy(() => import('./pages/content/SlideEditPage'));
const PostsPage = lazy(() => import('./pages/content/PostsPage'));
const PostEditPage = lazy(() => import('./pages/content/PostEditPage'));
const PagesPage = lazy(() => import('./pages/content/PagesPage'));
const PageEditPage = lazy(() => import('./pages/content/PageEditPage'));
const StoresPage = lazy(() => import('./pages/content/StoresPage'));
const DeliveryPage = lazy(() => import('./pages/content/DeliveryPage'));
const ProductsPage = lazy(() => import('./pages/products/ProductsPage'));
const ProductEditPage = lazy(() => import('./pages/products/ProductEditPage'));
const LowStockPage = lazy(() => import('./pages/stock/LowStockPage'));
const ImportPage = lazy(() => import('./pages/catalog/ImportPage'));

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
            <Route element={<RequireSection section="products" />}>
              <Route path="products" element={<ProductsPage />} />
              <Route path="products/new" element={<ProductEditPage />} />
              <Route path="products/:id" element={<ProductEditPage />} />
            </Route>
            <Route element={<RequireSection section="lowStock" />}>
              <Route path="stock/low" element={<LowStockPage />} />
            </Route>
            <Route element={<RequireSection section="import" />}>
              <Route path="catalog/import" element={<ImportPage />} />
            </Route>
            <Route element={<RequireSection section="staff" />}>
              <Route path="staff" element={<StaffPage />} />
            </Route>
            <Route element={<RequireSection section="categories" />}>
              <Route path="categories" element={<CategoriesPage />} />
            </Route>
            <Route element={<RequireSection section="brands" />}>
              <Route path="brands" element={<BrandsPage />} />
            </Route>
            <Route element={<RequireSection section="slides" />}>
              <Route path="slides" element={<SlidesPage />} />
              <Route path="slides/new" element={<SlideEditPage />} />
              <Route path="slides/:id" element={<SlideEditPage />} />
            </Route>
            <Route element={<RequireSection section="posts" />}>
              <Route path="posts" element={<PostsPage />} />
              <Route path="posts/new" element={<PostEditPage />} />
              <Route path="posts/:id" element={<PostEditPage />} />
            </Route>
            <Route element={<RequireSection section="pages" />}>
              <Route path="pages" element={<PagesPage />} />
              <Route path="pages/:slug" element={<PageEditPage />} />
            </Route>
            <Route element={<RequireSection section="stores" />}>
              <Route path="stores" element={<StoresPage />} />
            </Route>
            <Route element={<RequireSection section="delivery" />}>
              <Route path="delivery" element={<DeliveryPage />} />
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
