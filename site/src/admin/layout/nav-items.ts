import {
  AppstoreOutlined,
  BarChartOutlined,
  AuditOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  SolutionOutlined,
  StarOutlined,
  UserOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { Capability } from '../../../../shared/constants/roles';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** Shown only to roles that may (AUTH-8); the server refuses the screen's calls to others. */
  needs: Capability;
}

// ADMIN-1's admin routes, in the sidebar's order.
export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: DashboardOutlined, needs: 'dashboard' },
  { to: '/patients', label: 'Patients', icon: TeamOutlined, needs: 'patients.read' },
  { to: '/appointments', label: 'Appointments', icon: CalendarOutlined, needs: 'appointments.read' },
  { to: '/invoices', label: 'Invoices', icon: FileTextOutlined, needs: 'invoices.read' },
  { to: '/reports', label: 'Reports', icon: BarChartOutlined, needs: 'reports' },
  { to: '/blog-admin', label: 'Blog', icon: ReadOutlined, needs: 'content' },
  { to: '/gallery-admin', label: 'Gallery', icon: PictureOutlined, needs: 'content' },
  { to: '/reviews', label: 'Reviews', icon: StarOutlined, needs: 'content' },
  { to: '/settings', label: 'Settings', icon: SettingOutlined, needs: 'settings.write' },
  { to: '/staff', label: 'Staff', icon: SolutionOutlined, needs: 'staff' },
  { to: '/audit', label: 'Audit Trail', icon: AuditOutlined, needs: 'audit' },
  { to: '/account', label: 'My Account', icon: UserOutlined, needs: 'dashboard' },
];

export const AppIcon = AppstoreOutlined;
