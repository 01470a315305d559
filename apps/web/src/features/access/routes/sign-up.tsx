import { useState, type FormEvent } from 'react';
import { accessRequestBodySchema } from '@brezza/contract';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth';
import { useHydrated } from '@/hooks/use-hydrated';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { TextField } from '@/components/ui/text-field';
import { useRequestAccess } from '../api/request-access';
import { AuthShell, Divider } from '../components/auth-shell';
import { SocialIcon } from '../components/social-icon';
import { TextLink } from '../components/text-link';
import { socialOptions, unavailableNote } from '../utils/social-connections';

function SocialButtons() {
  const { identity } = useAppConfig();
  const session = useSession();
  const options = socialOptions(identity.socialConnections);
  const note = unavailableNote(options);
  return (
    <div>
      <div className="grid gap-3">
        {options.map((option) => (
          <Button
            key={option.connection}
            variant="secondary"
            size="lg"
            disabled={!option.enabled}
            aria-describedby={option.enabled ? undefined : 'social-note'}
            onClick={() => void session.signIn({ connection: option.connection })}
          >
            <SocialIcon connection={option.connection} />
            Continue with {option.label}
          </Button>
        ))}
      </div>
      {note && (
        <p id="social-note" className="mt-3 text-xs text-slate-500">
          {note}
        </p>
      )}
    </div>
  );
}

function Confirmation({ productName }: { productName: string }) {
  return (
    <div role="status" className="text-center">
      <span className="inline-flex rounded-full bg-emerald-50 p-3 text-emerald-600">
        <Icon name="check" className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-ink">Request received</h2>
      <p className="mt-2 text-slate-600">
        Thank you. An administrator at {productName} will review your request. Once it is approved
        you will receive an e-mail with the next steps.
      </p>
    </div>
  );
}

/** `/signup`: an access request that provider staff approve (SPEC §1: no self-made accounts). */
export function SignUpRoute() {
  const { productName } = useAppConfig();
  const requestAccess = useRequestAccess();
  const hydrated = useHydrated();
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = accessRequestBodySchema.safeParse({
      name: form.get('name'),
      email: form.get('email'),
      password: form.get('password'),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setInvalid(null);
    requestAccess.mutate(parsed.data);
  };

  const error = invalid ?? (requestAccess.isError ? requestAccess.error.message : null);

  return (
    <AuthShell
      title="Welcome. We exist to make entrepreneurism easier."
      intro={`Request access to ${productName}. An administrator reviews every request before an account is created.`}
      footer={<TextLink to={paths.signIn}>Already using {productName}? Sign in</TextLink>}
    >
      {requestAccess.isSuccess ? (
        <Confirmation productName={productName} />
      ) : (
        <>
          <SocialButtons />
          <Divider label="or" />
          <form onSubmit={submit} className="space-y-5" aria-label="Sign up">
            {error && <Alert tone="error">{error}</Alert>}
            <fieldset disabled={requestAccess.isPending} className="space-y-5">
              <TextField label="Name" name="name" autoComplete="name" required />
              <TextField label="Email" name="email" type="email" autoComplete="email" required />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="new-password"
                minLength={8}
                required
                hint="At least 8 characters."
              />
            </fieldset>
            <p className="text-xs leading-5 text-slate-500">
              By signing up you agree to the {productName} Terms of Service and acknowledge our
              Privacy Policy.
            </p>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={!hydrated || requestAccess.isPending}
            >
              {requestAccess.isPending ? 'Sending request…' : 'Sign up'}
            </Button>
          </form>
        </>
      )}
    </AuthShell>
  );
}
