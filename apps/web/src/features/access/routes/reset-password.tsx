import { useState, type FormEvent } from 'react';
import { passwordResetBodySchema } from '@brezza/contract';
import { paths } from '@/config/paths';
import { useHydrated } from '@/hooks/use-hydrated';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { TextField } from '@/components/ui/text-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthShell } from '../components/auth-shell';
import { TextLink } from '../components/text-link';

/** `/reset-password`: the same confirmation whatever the address, so no account is revealed. */
export function ResetPasswordRoute() {
  const requestReset = useRequestPasswordReset();
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = passwordResetBodySchema.safeParse({
      email: new FormData(event.currentTarget).get('email'),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please check the e-mail address.');
      return;
    }
    setInvalid(null);
    requestReset.mutate(parsed.data);
  };

  const error = invalid ?? (requestReset.isError ? requestReset.error.message : null);

  return (
    <AuthShell
      title="Let's get you back up on your feet"
      intro="Enter the e-mail address you sign in with. We will e-mail you a link to reset your password."
      footer={
        <p>
          Remembered it? <TextLink to={paths.signIn}>Back to sign in</TextLink>
        </p>
      }
    >
      {requestReset.isSuccess ? (
        <div role="status" className="text-center">
          <span className="inline-flex rounded-full bg-brand-50 p-3 text-brand-600">
            <Icon name="check" className="h-7 w-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-ink">Check your inbox</h2>
          <p className="mt-2 text-slate-600">
            If an account exists for {requestReset.variables.email}, we have e-mailed a link to
            reset your password. The link works once and expires after one hour.
          </p>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-5" aria-label="Reset password">
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            disabled={requestReset.isPending}
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={!hydrated || requestReset.isPending}
          >
            {requestReset.isPending ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
