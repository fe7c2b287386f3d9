import { NavLink } from 'react-router-dom';
import '../reports.css';

const tabs = [
  { to: '/reports', label: 'GST' },
  { to: '/reports/day-end', label: 'Day end' },
  { to: '/reports/dues', label: 'Dues' },
  { to: '/reports/case-acceptance', label: 'Case acceptance' },
];

/** INV-33: the owner's reports, one screen each, reached from one another. */
export function ReportTabs() {
  return (
    <nav className="report-tabs" aria-label="Reports">
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} end className={({ isActive }) => (isActive ? 'report-tab active' : 'report-tab')}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
