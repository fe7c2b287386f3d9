import {
  AppstoreOutlined,
  BarChartOutlined,
  AuditOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FileDoneOutlined,
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
import { navScreens, screenTable, type NavScreen } from '../screen-table';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  /** Shown only to roles that may (AUTH-8); the server refuses the screen's calls to others. */
  needs: Capability;
}

// Each sidebar screen's icon (kept here, not in the table: the sign-in page reads the table and must not
// load antd's icons). A screen with a sidebar label and no icon is a type error.
const icons: Record<NavScreen, NavItem['icon']> = {
  dashboard: DashboardOutlined,
  patients: TeamOutlined,
  appointments: CalendarOutlined,
  plans: FileDoneOutlined,
  invoices: FileTextOutlined,
  reports: BarChartOutlined,
  blog: ReadOutlined,
  gallery: PictureOutlined,
  reviews: StarOutlined,
  settings: SettingOutlined,
  staff: SolutionOutlined,
  audit: AuditOutlined,
  account: UserOutlined,
};

// ADMIN-1's admin routes, in the sidebar's order (the screen table's).
export const navItems: NavItem[] = navScreens.map((name) => ({
  to: screenTable[name].path,
  label: screenTable[name].nav,
  icon: icons[name],
  needs: screenTable[name].needs,
}));

export const AppIcon = AppstoreOutlined;
