import { SaveOutlined } from '@ant-design/icons';
import { Button, Input, Skeleton } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { GST_STATE_CODES, gstinProblem, normaliseGstin } from '../../../../../../shared/domain/gstin';
import { UPI_ID_MESSAGE, isValidUpiId } from '../../../../../../shared/domain/upi';
import { DEFAULT_TAX_PERCENTAGE } from '../../../../../../shared/constants/invoice';
import { defaultTaxPercentageProblem, type SiteSettingKey } from '../../../../../../shared/schemas/site-setting';
import { ApiError } from '../../../../lib/api-client';
import { Field } from '../../../components/field';
import { useToast } from '../../../components/toasts';
import { useSiteSetting } from '../../../api/get-site-setting';
import { useUpdateSiteSetting } from '../api/update-site-setting';
import '../../invoices/billing.css';

/** The first problem with a typed value, or null; '' is always fine (it clears the setting). */
type Check = (value: string) => string | null;

const gstinCheck: Check = (value) => (value === '' ? null : gstinProblem(normaliseGstin(value)));
const upiCheck: Check = (value) => (value === '' || isValidUpiId(value.trim()) ? null : UPI_ID_MESSAGE);
const taxCheck: Check = (value) => defaultTaxPercentageProblem(value);

/** One setting in its own small form: the value checked as it is typed, saved (or cleared) on its own. */
export function SettingForm({
  settingKey,
  id,
  label,
  check,
  normalise,
  hint,
  saved,
  placeholder,
  looksComplete,
  inputMode,
}: {
  settingKey: SiteSettingKey;
  id: string;
  label: string;
  check: Check;
  normalise: (value: string) => string;
  /** Said under the field for a valid value (or an empty one). */
  hint: (value: string) => ReactNode;
  saved: (value: string) => [string, string];
  placeholder: string;
  /** Whether a value being typed could be complete, so a problem may show before saving. */
  looksComplete: (value: string) => boolean;
  inputMode?: 'numeric' | 'decimal';
}) {
  const toast = useToast();
  const setting = useSiteSetting(settingKey);
  const save = useUpdateSiteSetting();
  const [value, setValue] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const stored = setting.data?.value ?? '';
  useEffect(() => {
    if (setting.data) setValue(setting.data.value ?? '');
  }, [setting.data]);

  const clean = normalise(value);
  // Live: a problem shows once the value could be complete (a GSTIN of 15 characters, a UPI ID with its @)
  // or on saving; until then the hint says what is expected.
  const problem = check(clean);
  const [tried, setTried] = useState(false);
  const shown = serverError ?? (problem && (tried || looksComplete(clean)) ? problem : null);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem) return;
    save.mutate(
      { key: settingKey, value: clean },
      {
        onSuccess: () => toast.success(...saved(clean)),
        onError: (err) => {
          if (err instanceof ApiError && err.fields?.value) setServerError(err.fields.value);
          toast.failure('Error updating settings', err);
        },
      },
    );
  };

  if (setting.isPending) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <form onSubmit={onSubmit} noValidate className="setting-form">
      <Field id={id} label={label} error={shown ?? undefined} hint={hint(clean)}>
        <Input
          id={id}
          value={value}
          placeholder={placeholder}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setServerError(null);
            setTried(false);
            setValue(e.target.value);
          }}
        />
      </Field>
      <Button htmlType="submit" type="primary" icon={<SaveOutlined aria-hidden="true" />} loading={save.isPending} disabled={clean === stored}>
        {clean === '' && stored !== '' ? `Clear ${label}` : `Save ${label}`}
      </Button>
    </form>
  );
}


// SET-5 (owner): the clinic's GSTIN, checked as it is typed with the shared rules (state code, PAN, check
// character), its UPI ID for the invoices' QR codes, and (INV-39) the default Tax Percentage of a new invoice.
export function BillingSettings() {
  return (
    <section className="panel settings-panel billing-settings" aria-labelledby="billing-settings-heading">
      <h2 id="billing-settings-heading">Billing</h2>
      <p className="muted">
        With a GSTIN the clinic issues Tax Invoices for taxed treatments and charges CGST and SGST. Without one it may not charge GST: every
        invoice is a Bill of Supply, whatever the items&apos; rates.
      </p>
      <SettingForm
        settingKey="gstin"
        id="setting-gstin"
        label="GSTIN"
        check={gstinCheck}
        normalise={normaliseGstin}
        looksComplete={(v) => v.length >= 15 || /[^0-9A-Z]/.test(v)}
        placeholder="e.g. 27AAPFU0939F1ZV"
        hint={(v) =>
          v === ''
            ? 'No GSTIN: invoices are Bills of Supply and charge no GST.'
            : gstinProblem(v) === null
              ? `Valid GSTIN, registered in ${GST_STATE_CODES[v.slice(0, 2)]}.`
              : '15 characters: state code, PAN, entity number, Z and a check character.'
        }
        saved={(v) => (v ? ['Settings updated', `GSTIN ${v} saved. New invoices charge GST at their items' rates.`] : ['Settings updated', 'GSTIN cleared. New invoices are Bills of Supply.'])}
      />
      <SettingForm
        settingKey="upi_id"
        id="setting-upi"
        label="UPI ID"
        check={upiCheck}
        normalise={(v) => v.trim()}
        looksComplete={(v) => v.includes('@')}
        placeholder="e.g. clinicname@okicici"
        hint={(v) => (v === '' ? 'No UPI ID: invoices carry no UPI QR code.' : 'Invoices with a balance carry a UPI QR code for it, paying to this ID.')}
        saved={(v) => (v ? ['Settings updated', `UPI ID ${v} saved.`] : ['Settings updated', 'UPI ID cleared. Invoices carry no QR code.'])}
      />
      <SettingForm
        settingKey="invoice.defaultTaxPercentage"
        id="setting-default-tax"
        label="Default Tax Percentage"
        check={taxCheck}
        normalise={(v) => v.trim()}
        looksComplete={(v) => !v.endsWith('.')}
        placeholder={`${DEFAULT_TAX_PERCENTAGE}`}
        inputMode="decimal"
        hint={(v) =>
          `The Tax Percentage (GST %) a new invoice starts with, ${v === '' ? `${DEFAULT_TAX_PERCENTAGE}% unless set` : `${v}%`}: the rate of its items typed by hand. A clinic that only treats (exempt health care) sets 0. Price-list items keep their own rates.`
        }
        saved={(v) => ['Settings updated', `New invoices start at ${v === '' ? DEFAULT_TAX_PERCENTAGE : v}% tax.`]}
      />
    </section>
  );
}
