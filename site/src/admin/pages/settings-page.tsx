import { MedicineBoxOutlined, RightOutlined, SaveOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { clinic } from '../../../../shared/constants/clinic';
import { isImageUrl } from '../../../../shared/schemas/fields';
import { siteSettingsFormSchema, type SiteSettingsForm, type SiteSettingsFormInput } from '../../../../shared/schemas/site-setting';
import { ApiError } from '../../lib/api-client';
import { useSiteSetting } from '../api/get-site-setting';
import { useUpdateSiteSetting } from '../features/settings/api/update-site-setting';
import { BillingSettings } from '../features/settings/components/billing-settings';
import { SessionSettings } from '../features/settings/components/session-settings';
import { PriceListEditor } from '../features/price-list/components/price-list-editor';
import { Field } from '../components/field';
import { ImagePreview } from '../components/image-preview';
import { ImageInput } from '../components/image-input';
import { PageHeader } from '../components/page-header';
import { useCan } from '../session/use-can';
import { ClinicHoursForm } from '../features/settings/components/clinic-hours-form';
import { ClosedDatesPanel } from '../features/appointments/components/closed-dates-panel';
import { useToast } from '../components/toasts';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePageTitle } from '../hooks/use-page-title';

/** The photo the About page falls back to (site/public/images/doctor.webp). */
export const BUNDLED_DOCTOR_IMAGE = '/images/doctor.webp';

// SET-2 Site Settings: the doctor's profile picture for the About page, by upload or URL, with a round
// preview carrying the "5+ Years" badge. Save Settings sends a request only when a value is present.
export function SettingsPage() {
  usePageTitle('Settings');
  const toast = useToast();
  const setting = useSiteSetting('doctor_image');
  const save = useUpdateSiteSetting();
  const [uploading, setUploading] = useState(false);
  const form = useForm<SiteSettingsFormInput, unknown, SiteSettingsForm>({
    resolver: zodResolver(siteSettingsFormSchema),
    defaultValues: { doctorImage: '' },
  });
  const { errors } = form.formState;
  const current = setting.data?.value ?? null;
  const value = useWatch({ control: form.control, name: 'doctorImage' }) ?? '';
  const previewValue = useDebouncedValue(value, 500);

  useEffect(() => {
    if (setting.data) form.reset({ doctorImage: setting.data.value ?? '' });
  }, [setting.data, form]);

  const onSubmit = form.handleSubmit((values) => {
    if (!values.doctorImage) return;
    save.mutate(
      { key: 'doctor_image', value: values.doctorImage },
      {
        onSuccess: () => toast.success('Settings updated', 'The doctor photo on the About page has been updated.'),
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.value) form.setError('doctorImage', { type: 'server', message: err.fields.value });
          toast.failure('Error updating settings', err);
        },
      },
    );
  });

  const canSettings = useCan('settings.write');
  const previewSrc = previewValue && isImageUrl(previewValue) ? previewValue : current || BUNDLED_DOCTOR_IMAGE;

  return (
    <>
      <PageHeader title="Site Settings" description="The clinic's hours, slots and holidays, and what visitors see on the website." />
      {canSettings && (
        <>
          <section className="panel settings-panel" aria-labelledby="clinic-hours-heading">
            <h2 id="clinic-hours-heading">Clinic Hours &amp; Booking</h2>
            <ClinicHoursForm />
          </section>
          <section className="panel settings-panel settings-section" aria-labelledby="closed-dates-heading">
            <h2 id="closed-dates-heading">Closed Dates</h2>
            <p className="muted">Holidays and days off. Visitors cannot book them and see the reason on the website.</p>
            <ClosedDatesPanel />
          </section>
        </>
      )}
      <section className="panel settings-panel settings-section" aria-labelledby="doctor-photo-heading">
        <h2 id="doctor-photo-heading">Doctor Profile Picture</h2>
        <p className="muted">Shown on the About page. Recommended: a square photo, 400 × 400 pixels or larger.</p>
        {setting.isPending ? (
          <Skeleton active avatar paragraph={{ rows: 3 }} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="settings-form">
            <div className="doctor-preview">
              <div className="doctor-photo">
                {previewSrc ? <ImagePreview src={previewSrc} alt={`${clinic.doctorName}, preview`} /> : <UserOutlined aria-hidden="true" />}
                <span className="years-badge">{clinic.yearsExperience} Years</span>
              </div>
              <p className="muted small">
                {value ? 'Preview' : current ? 'Current photo' : 'The bundled photo is shown until you choose one.'}
              </p>
            </div>
            <div className="settings-fields">
              {setting.isError && <p className="inline-error">Unable to load the current photo. You can still set a new one.</p>}
              <Field id="doctor-image" label="Doctor Photo" error={errors.doctorImage?.message}>
                <Controller
                  control={form.control}
                  name="doctorImage"
                  render={({ field }) => (
                    <ImageInput
                      id="doctor-image"
                      value={field.value ?? ''}
                      onChange={(v) => field.onChange(v.imageUrl)}
                      error={errors.doctorImage?.message}
                      showPreview={false}
                      onBusyChange={setUploading}
                    />
                  )}
                />
              </Field>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden="true" />} loading={save.isPending} disabled={uploading || !value.trim()}>
                {save.isPending ? 'Saving...' : 'Save Settings'}
              </Button>
            </div>
          </form>
        )}
      </section>
      <BillingSettings />
      {canSettings && <SessionSettings />}
      {canSettings && (
        // CHART-16, NOTE-10: the chart's findings and the visit notes' templates have a screen of their own.
        <section className="panel settings-panel settings-section" aria-labelledby="clinical-settings-heading">
          <h2 id="clinical-settings-heading">
            <MedicineBoxOutlined aria-hidden="true" /> Chart &amp; Visit Notes
          </h2>
          <p className="muted">The findings dentists record on the chart, the visit-note templates and each treatment&rsquo;s default &ldquo;treatment done&rdquo; text.</p>
          <Link to="/settings/clinical" className="settings-link">
            Edit findings and templates <RightOutlined aria-hidden="true" />
          </Link>
        </section>
      )}
      <PriceListEditor />
    </>
  );
}
