import { GlobalOutlined, LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { clinic } from '../../../../shared/constants/clinic';
import { useAuthStore } from '../session/auth-store';
import { ClinicLogo } from '../components/clinic-logo';
import { usePlatform } from '../platform/platform-context';
import { useLogoutAction } from '../features/auth/use-logout-action';
import { roleCan } from '../../../../shared/constants/roles';
import { navItems } from './nav-items';

// ADMIN-2: a sidebar with the navigation and Logout; below 768 px the same content in a
// slide-out drawer opened from the top bar. UI-15: from 768 to 1023 px (a tablet) the sidebar is a rail of
// icons (shell.css), each link named by its hidden label and its tooltip.

function Brand() {
  return (
    <div className="brand">
      <ClinicLogo />
      <div>
        <p className="brand-name">{clinic.name}</p>
        <p className="brand-sub">Admin</p>
      </div>
    </div>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const user = useAuthStore((s) => s.user);
  const { pathname } = useLocation();
  const platform = usePlatform();
  const { logout, pending } = useLogoutAction();
  return (
    <div className="sidebar">
      <nav aria-label="Admin">
        <ul className="nav-list">
          {navItems.filter(({ needs }) => roleCan(user?.role ?? 'owner', needs)).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                // The dashboard is also the index route, /admin.
                className={({ isActive }) => (isActive || (to === '/dashboard' && pathname === '/') ? 'nav-link active' : 'nav-link')}
                aria-current={to === '/dashboard' && pathname === '/' ? 'page' : undefined}
                onClick={onNavigate}
                title={label}
              >
                <Icon aria-hidden />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        {user && (
          <p className="signed-in" title={`${user.name || user.email} (${user.email})`}>
            Signed in as <strong>{user.name || user.email}</strong>
          </p>
        )}
        <a
          className="nav-link"
          href={platform.websiteUrl}
          target={platform.kind === 'browser' ? '_blank' : undefined}
          rel="noreferrer"
          title="View Website"
          onClick={(e) => {
            if (platform.kind !== 'browser') {
              e.preventDefault();
              platform.openExternal(platform.websiteUrl);
            }
          }}
        >
          <GlobalOutlined aria-hidden />
          <span>View Website</span>
        </a>
        <Button block icon={<LogoutOutlined aria-hidden />} onClick={logout} loading={pending} className="logout-button" title="Logout">
          Logout
        </Button>
      </div>
    </div>
  );
}

/** While a screen's code arrives (the first time it is opened). */
function ScreenLoading() {
  return (
    <div className="screen-loading" role="status" aria-label="Loading">
      <div className="screen-loading-title" />
      <div className="screen-loading-line" />
    </div>
  );
}

export function AdminLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <div className="admin-shell">
      <a
        href="#admin-main"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('admin-main')?.focus();
        }}
      >
        Skip to content
      </a>
      <aside className="admin-sider">
        <Brand />
        <SidebarContent />
      </aside>
      <header className="admin-topbar">
        <Button
          type="text"
          icon={<MenuOutlined aria-hidden />}
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-controls="admin-drawer"
          onClick={() => setDrawerOpen(true)}
        />
        <Brand />
      </header>
      <Drawer
        id="admin-drawer"
        open={drawerOpen}
        placement="left"
        size={280}
        title={<Brand />}
        onClose={() => setDrawerOpen(false)}
        closable={{ 'aria-label': 'Close menu' }}
        styles={{ body: { padding: 0 } }}
      >
        <SidebarContent onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
