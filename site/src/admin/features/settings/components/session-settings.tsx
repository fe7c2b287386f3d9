import { SESSION_MAX_HOURS_DEFAULT, sessionMaxHoursProblem } from '../../../../../../shared/schemas/site-setting';
import { SettingForm } from './billing-settings';

// AUTH-15 (owner): how long a sign-in lasts, however busy the screen; 12 hours idle ends it sooner. The server
// applies a change to the sessions already open.
export function SessionSettings() {
  return (
    <section className="panel settings-panel settings-section" aria-labelledby="session-settings-heading">
      <h2 id="session-settings-heading">Sign-in</h2>
      <p className="muted">
        Everyone signs in again this many hours after signing in, even while working, and after 12 hours without using the back office. The
        desktop app follows the same rule.
      </p>
      <SettingForm
        settingKey="session_max_hours"
        id="setting-session-hours"
        label="Session Length (hours)"
        check={sessionMaxHoursProblem}
        normalise={(v) => v.trim()}
        looksComplete={(v) => v.length > 0}
        inputMode="numeric"
        placeholder={String(SESSION_MAX_HOURS_DEFAULT)}
        hint={(v) => (v === '' ? `The default: ${SESSION_MAX_HOURS_DEFAULT} hours.` : `Sessions end ${v} hours after sign-in.`)}
        saved={(v) =>
          v ? ['Settings updated', `Sessions now end ${v} hours after sign-in.`] : ['Settings updated', `Sessions end ${SESSION_MAX_HOURS_DEFAULT} hours after sign-in, the default.`]
        }
      />
    </section>
  );
}
