import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { clinic } from '../../../../../../shared/constants/clinic';
import type { AdminUser } from '../../../../../../shared/schemas/auth';
import { ApiError } from '../../../../lib/api-client';
import { ClinicLogo } from '../../../components/clinic-logo';
import { Field, fieldAria } from '../../../components/field';
import { useToast } from '../../../components/toasts';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePlatform } from '../../../platform/platform-context';
import { login } from '../api/login';
import { useAuthStore } from '../../../session/auth-store';

// /admin/login: ADMIN-5 to ADMIN-7 (idle, 'Signing in...', success or failure). The first screen
// most visits show, on a phone away from the clinic too: it is built of plain elements (no antd, no form
// library, no router), so the sign-in page loads a fraction of the admin's code (docs/admin.md). The
// shared loginSchema checks the fields, on submit and, after a first submit, as they change; it arrives
// in its own chunk when a field is first focused (login-schema.ts).

type Values = { email: string; password: string };
type Errors = Partial<Record<keyof Values, string>>;

const loadSchema = () => import('../login-schema').then((m) => m.loginSchema);
type LoginSchema = Awaited<ReturnType<typeof loadSchema>>;

function check(loginSchema: LoginSchema, values: Values): Errors {
  const parsed = loginSchema.safeParse(values);
  const errors: Errors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const name = issue.path[0] as keyof Values;
    errors[name] ??= issue.message;
  }
  return errors;
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const icons = {
  mail: 'M3.5 6.5h17v11h-17zM3.5 7l8.5 6.5L20.5 7',
  lock: 'M6 10.5h12v9H6zM8.5 10.5V8a3.5 3.5 0 017 0v2.5M12 14v2.5',
  eye: 'M2.5 12s3.5-6 9.5-6 9.5 6 9.5 6-3.5 6-9.5 6-9.5-6-9.5-6zM12 9.5a2.5 2.5 0 110 5 2.5 2.5 0 010-5z',
  eyeOff: 'M4 4l16 16M10 6.2A9.6 9.6 0 0112 6c6 0 9.5 6 9.5 6a16 16 0 01-2.6 3.2M6.3 7.6C3.9 9.3 2.5 12 2.5 12s3.5 6 9.5 6a9 9 0 004.2-1M10 10.2a2.5 2.5 0 003.8 3.3',
  back: 'M19 12H5M11 6l-6 6 6 6',
};

function TextInput({
  id,
  icon,
  error,
  suffix,
  ...props
}: {
  id: string;
  icon: string;
  error?: string;
  suffix?: ReactNode;
  type: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  placeholder: string;
  disabled: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { onChange, inputRef, ...rest } = props;
  return (
    <span className={error ? 'login-input has-error' : 'login-input'}>
      <span className="login-input-icon">
        <Icon d={icon} />
      </span>
      <input {...rest} {...fieldAria(id, error)} ref={inputRef} onChange={(e) => onChange(e.target.value)} />
      {suffix}
    </span>
  );
}

/** "45 seconds", "1 minute", "16 minutes": a Retry-After read out for a person. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** A 429 (too many attempts) or 503 (server busy) holds the form until its Retry-After has passed. */
function usePause() {
  const [pause, setPause] = useState<{ notice: string; until: number } | null>(null);
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!pause) return;
    const timer = setInterval(() => {
      setNow(performance.now());
      if (performance.now() >= pause.until) setPause(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [pause]);
  const secondsLeft = pause ? Math.max(1, Math.ceil((pause.until - now) / 1000)) : 0;
  return {
    pause,
    secondsLeft,
    start(message: string, seconds: number) {
      setNow(performance.now());
      setPause({ notice: `${message} Try again in ${waitText(seconds)}.`, until: performance.now() + seconds * 1000 });
    },
  };
}

/**
 * The sign-in form. On success it stores the user and calls `onSignedIn` (the caller goes on to the
 * admin and says 'Login successful'; the button keeps saying 'Signing in...' until it has); failures are
 * told in a toast. `onFirstFocus` runs when the admin first focuses a field (to fetch what comes next).
 */
export function LoginScreen({
  onSignedIn,
  onFirstFocus,
}: {
  onSignedIn: (user: AdminUser) => void | Promise<void>;
  onFirstFocus?: () => void;
}) {
  usePageTitle('Sign in');
  const platform = usePlatform();
  const toast = useToast();
  const setUser = useAuthStore((s) => s.setUser);
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const { pause, secondsLeft, start: startPause } = usePause();
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const schema = useRef<LoginSchema | null>(null);
  const wasFocused = useRef(false);
  const focused = () => {
    if (wasFocused.current) return;
    wasFocused.current = true;
    void loadSchema()
      .then((s) => (schema.current = s))
      .catch(() => {});
    onFirstFocus?.();
  };

  const change = (name: keyof Values) => (value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted && schema.current) setErrors(check(schema.current, next));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let loginSchema: LoginSchema;
    try {
      loginSchema = schema.current ??= await loadSchema();
    } catch {
      toast.problem('Login failed', 'Network error occurred');
      return;
    }
    setSubmitted(true);
    const found = check(loginSchema, values);
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      refs[firstInvalid].current?.focus();
      return;
    }
    setPending(true);
    try {
      const answer = await login(loginSchema.parse(values));
      if (!answer?.success || !answer.user) {
        toast.problem('Login failed', answer?.error || 'Invalid credentials. Please try again.');
        setPending(false);
        return;
      }
      setUser(answer.user);
      await onSignedIn(answer.user);
    } catch (err) {
      setPending(false);
      if (err instanceof ApiError) {
        const serverText = /^HTTP \d{3}\b/.test(err.message) ? 'Login failed' : err.message;
        toast.problem('Login failed', serverText || 'Invalid credentials. Please try again.');
        if ((err.status === 429 || err.status === 503) && err.retryAfterSeconds) startPause(serverText, err.retryAfterSeconds);
      } else if (err instanceof TypeError) {
        toast.problem('Login failed', 'Network error occurred');
      } else {
        toast.problem('Login error', 'An unexpected error occurred. Please try again.');
      }
    }
  };

  return (
    <div className="login-screen">
      <main className="login-card">
        <div className="login-brand">
          <ClinicLogo size={56} />
          <h1>Admin Login</h1>
          <p>{clinic.name} back office</p>
        </div>
        <form onSubmit={onSubmit} noValidate aria-label="Sign in" onFocus={focused}>
          <Field id="login-email" label="Email" error={errors.email}>
            <TextInput
              id="login-email"
              icon={icons.mail}
              error={errors.email}
              inputRef={refs.email}
              type="email"
              value={values.email}
              onChange={change('email')}
              autoComplete="username"
              placeholder="admin@example.com"
              disabled={pending}
            />
          </Field>
          <Field id="login-password" label="Password" error={errors.password}>
            <TextInput
              id="login-password"
              icon={icons.lock}
              error={errors.password}
              inputRef={refs.password}
              type={showPassword ? 'text' : 'password'}
              value={values.password}
              onChange={change('password')}
              autoComplete="current-password"
              placeholder="Enter your password"
              disabled={pending}
              suffix={
                <button
                  type="button"
                  className="password-toggle"
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  <Icon d={showPassword ? icons.eyeOff : icons.eye} />
                </button>
              }
            />
          </Field>
          <button type="submit" className="login-submit" disabled={pending || Boolean(pause)} aria-busy={pending || undefined}>
            {pending && <span className="login-spinner" aria-hidden="true" />}
            {pending ? 'Signing in...' : pause ? `Sign In (${secondsLeft} s)` : 'Sign In'}
          </button>
          {pause && (
            <p className="login-wait" role="status">
              {pause.notice}
            </p>
          )}
        </form>
        <a
          className="back-link"
          href={platform.websiteUrl}
          onClick={(e) => {
            if (platform.kind !== 'browser') {
              e.preventDefault();
              platform.openExternal(platform.websiteUrl);
            }
          }}
        >
          <Icon d={icons.back} /> Back to Website
        </a>
      </main>
    </div>
  );
}
