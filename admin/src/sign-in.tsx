import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, call } from './api';

/** Sign-in, or on a project without administrators, Strapi's "create the first administrator" form. */
export function SignIn({ onSignedIn }: { onSignedIn: (me: any) => void }) {
  const [hasAdmin, setHasAdmin] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    call<{ hasAdmin: boolean }>('GET', '/init').then((init) => setHasAdmin(init.hasAdmin));
  }, []);

  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const fields = Object.fromEntries(form.entries()) as Record<string, string>;
    setError('');
    setFieldErrors({});
    if (!hasAdmin && fields['password'] !== fields['confirmPassword']) {
      setFieldErrors({ confirmPassword: 'Passwords do not match' });
      return;
    }
    setBusy(true);
    try {
      const { confirmPassword: _ignored, ...body } = fields;
      onSignedIn(await call('POST', hasAdmin ? '/login' : '/register-admin', body));
    } catch (failure) {
      if (failure instanceof ApiFailure) {
        setError(failure.message);
        setFieldErrors(failure.fieldErrors);
      } else setError(String(failure));
    } finally {
      setBusy(false);
    }
  }

  if (hasAdmin === undefined) return <p class="loading">Loading…</p>;
  const field = (name: string, label: string, type: 'text' | 'email' | 'password', autocomplete: string, required = true) => (
    <div class="field">
      <label for={`signin-${name}`}>
        {label}
        {required && <span class="required"> *</span>}
      </label>
      <input
        id={`signin-${name}`}
        name={name}
        type={type as 'text'}
        autoComplete={autocomplete}
        required={required}
        aria-invalid={fieldErrors[name] ? 'true' : undefined}
        aria-describedby={fieldErrors[name] ? `signin-${name}-error` : undefined}
      />
      {fieldErrors[name] && (
        <p class="field-error" id={`signin-${name}-error`}>
          {fieldErrors[name]}
        </p>
      )}
    </div>
  );
  return (
    <main class="signin">
      <form class="card" onSubmit={submit}>
        <h1>{hasAdmin ? 'Log in to your account' : 'Welcome to cms!'}</h1>
        {!hasAdmin && <p class="muted">Create the first administrator (Super Admin) of this project.</p>}
        {!hasAdmin && field('firstname', 'First name', 'text', 'given-name', false)}
        {!hasAdmin && field('lastname', 'Last name', 'text', 'family-name', false)}
        {field('email', 'Email', 'email', 'email')}
        {field('password', 'Password', 'password', hasAdmin ? 'current-password' : 'new-password')}
        {!hasAdmin && field('confirmPassword', 'Confirm password', 'password', 'new-password')}
        {error && (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {hasAdmin ? 'Login' : "Let's start"}
        </button>
      </form>
    </main>
  );
}
