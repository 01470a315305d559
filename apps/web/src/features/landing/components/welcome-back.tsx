import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { buttonClassName } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';

/** The signed-in home (SPEC §2 Home). */
export function WelcomeBack({
  displayName,
  productName,
}: {
  displayName: string | null;
  productName: string;
}) {
  return (
    <main className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
        <span className="rounded-2xl bg-white p-4 text-brand-600 shadow-sm ring-1 ring-slate-200">
          <Icon name="server" className="h-8 w-8" />
        </span>
        <h1 className="mt-8 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
          Welcome back!
        </h1>
        {displayName && (
          <p className="mt-4 text-xl font-medium break-all text-brand-700">{displayName}</p>
        )}
        <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
          Thank you for trusting {productName} with your infrastructure. Your devices, hierarchy and
          dashboards are ready where you left them.
        </p>
        <Link to={paths.devices} className={buttonClassName({ size: 'lg', className: 'mt-10' })}>
          Go to Dashboard
          <Icon name="arrowRight" className="h-5 w-5" />
        </Link>
      </div>
    </main>
  );
}
