import { ArrowLeftOutlined, EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { clinic } from '../../../../shared/constants/clinic';
import { loginSchema, type LoginInput } from '../../../../shared/schemas/auth';
import { ApiError } from '../../lib/api-client';
import { useLogin } from '../features/auth/api/login';
import { useAuthStore } from '../features/auth/auth-store';
import { adminKeys } from '../api/query-keys';
import { usePlatform } from '../platform/platform-context';
import { ClinicLogo } from '../components/clinic-logo';
import { Field, fieldAria } from '../components/field';
import { useToast } from '../components/use-toast';
import { usePageTitle } from '../hooks/use-page-title';

// SPEC 2 /admin/login, SPEC 4 (idle, 'Signing in...', success to /admin or failure), SPEC 5 and 8.
export function LoginPage() {
  usePageTitle('Sign in');
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const navigate = useNavigate();
  const location = useLocation();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const toast = useToast();
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const errors = form.formState.errors;

  if (user && !login.isPending) return <Navigate to="/" replace />;

  const from = (location.state as { from?: string } | null)?.from;

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if (!answer?.success || !answer.user) {
          toast.problem('Login failed', answer?.error || 'Invalid credentials. Please try again.');
          return;
        }
        queryClient.removeQueries({ queryKey: adminKeys.all });
        setUser(answer.user);
        toast.success('Login successful', 'Welcome to the admin panel.');
        navigate(from && from !== '/login' ? from : '/', { replace: true });
      },
      onError: (err) => {
        if (err instanceof ApiError) {
          const serverText = /^HTTP \d{3}\b/.test(err.message) ? 'Login failed' : err.message;
          toast.problem('Login failed', serverText || 'Invalid credentials. Please try again.');
        } else if (err instanceof TypeError) {
          toast.problem('Login failed', 'Network error occurred');
        } else {
          toast.problem('Login error', 'An unexpected error occurred. Please try again.');
        }
      },
    }),
  );

  return (
    <div className="login-screen">
      <main className="login-card">
        <div className="login-brand">
          <ClinicLogo size={56} />
          <h1>Admin Login</h1>
          <p>{clinic.name} back office</p>
        </div>
        <form onSubmit={onSubmit} noValidate aria-label="Sign in">
          <Field id="login-email" label="Email" error={errors.email?.message}>
            <Controller
              control={form.control}
              name="email"
              render={({ field }) => (
                <Input
                  {...field}
                  {...fieldAria('login-email', errors.email?.message)}
                  type="email"
                  autoComplete="username"
                  placeholder="admin@example.com"
                  prefix={<MailOutlined aria-hidden="true" />}
                  size="large"
                  disabled={login.isPending}
                />
              )}
            />
          </Field>
          <Field id="login-password" label="Password" error={errors.password?.message}>
            <Controller
              control={form.control}
              name="password"
              render={({ field }) => (
                <Input
                  {...field}
                  {...fieldAria('login-password', errors.password?.message)}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  placeholder="Enter your password"
                  prefix={<LockOutlined aria-hidden="true" />}
                  size="large"
                  disabled={login.isPending}
                  suffix={
                    <button
                      type="button"
                      className="password-toggle"
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((v) => !v)}
                    >
                      {showPassword ? <EyeInvisibleOutlined aria-hidden="true" /> : <EyeOutlined aria-hidden="true" />}
                    </button>
                  }
                />
              )}
            />
          </Field>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
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
          <ArrowLeftOutlined aria-hidden="true" /> Back to Website
        </a>
      </main>
    </div>
  );
}
