import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { FindingsEditor } from '../features/clinical-settings/components/findings-editor';
import { TemplatesEditor } from '../features/clinical-settings/components/templates-editor';
import '../features/clinical-settings/clinical-settings.css';
import { PageHeader } from '../components/page-header';
import { usePageTitle } from '../hooks/use-page-title';

// CHART-16, NOTE-10 (owner): the chart's findings and the visit notes' templates and default texts, reached
// from Settings. A treatment's chart code, names and sittings are edited with it in Settings' price list
// (CHART-17).
export function ClinicalSettingsPage() {
  usePageTitle('Chart & Visit Notes');
  return (
    <>
      <Link to="/settings" className="back-link">
        <ArrowLeftOutlined aria-hidden="true" /> Settings
      </Link>
      <PageHeader title="Chart & Visit Notes" description="The findings dentists record on the chart, and the templates their visit notes start from." />
      <p className="muted clinical-settings-lead">
        Treatments are recorded by the chart codes of the price list: edit a treatment in <Link to="/settings#price-list-heading">Settings, Price List</Link> to change its names
        or sittings.
      </p>
      <FindingsEditor />
      <TemplatesEditor />
    </>
  );
}
