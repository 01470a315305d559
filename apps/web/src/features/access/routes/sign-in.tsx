import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { useSession } from '@/lib/auth';
import { safeReturnTo } from '@/lib/auth-location';
import { useHydrated } from '@/hooks/use-hydrated';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { AuthShell, Divider } from '../components/auth-shell';
import { TextLink, textLinkClassName } from '../components/text-link';

/** `/signin`: one button to the hosted login page (SPEC §2 Sign-in). */
export function SignInRoute() {
  const { productName, links } = useAppConfig();
  const session = useSession();
  const [searchParams] = useSearchParams();
  // Where to land afterwards: the page that sent the user here, else the signed-in home.
  const returnTo = safeReturnTo(searchParams.get('returnTo'), paths.home);
  const [redirecting, setRedirecting] = useState(false);
  const [failed, setFailed] = useState(false);
  const hydrated = useHydrated();

  if (session.status === 'signed-in') return <Navigate to={returnTo} replace />;

  const signIn = async () => {
    setRedirecting(true);
    setFailed(false);
    try {
      await session.signIn({ returnTo });
    } catch (error) {
      console.warn('Sign-in redirect failed', error);
      setFailed(true);
      setRedirecting(false);
    }
  };

  return (
    <AuthShell
      title={`Sign into your ${productName} Dashboard`}
      intro="Your devices, hierarchy and dashboards, one sign-in away."
      footer={
        <p>
          Forgot your password? <TextLink to={paths.resetPassword}>Reset it</TextLink>
        </p>
      }
    >
      {failed && (
        <Alert tone="error" className="mb-4">
          The sign-in page could not be opened. Please try again.
        </Alert>
      )}
      <Button
        size="lg"
        className="w-full"
        onClick={() => void signIn()}
        disabled={!hydrated || redirecting}
        aria-busy={redirecting}
      >
        Sign in
      </Button>
      <p className="mt-3 text-center text-xs text-slate-500">
        You continue on the secure sign-in page and come straight back.
      </p>
      <Divider label="or" />
      <div className="text-center">
        <p className="font-semibold text-ink">New to {productName}?</p>
        <p className="mt-1 text-sm text-slate-600">
          Don&apos;t have an account?{' '}
          <ExternalLink href={links.requestDemo} className={textLinkClassName}>
            Request Demo
          </ExternalLink>
        </p>
        <p className="mt-3 text-sm text-slate-600">
          Already working with us? <TextLink to={paths.signUp}>Request access</TextLink>
        </p>
      </div>
    </AuthShell>
  );
}
