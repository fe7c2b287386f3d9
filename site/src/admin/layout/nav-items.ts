import {
  AppstoreOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  PictureOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
}

// SPEC 2's admin routes, in the sidebar's order.
export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: DashboardOutlined },
  { to: '/patients', label: 'Patients', icon: TeamOutlined },
  { to: '/appointments', label: 'Appointments', icon: CalendarOutlined },
  { to: '/invoices', label: 'Invoices', icon: FileTextOutlined },
  { to: '/blog-admin', label: 'Blog', icon: ReadOutlined },
  { to: '/gallery-admin', label: 'Gallery', icon: PictureOutlined },
  { to: '/settings', label: 'Settings', icon: SettingOutlined },
];

export const AppIcon = AppstoreOutlined;
