import type { ReactNode } from 'react';
import { LogoMark } from '@/components/ui/logo';
import { Card } from '@/components/ui/card';

/** The centred card the sign-in, sign-up and reset pages share. */
export function AuthShell({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="relative -mt-16 bg-gradient-to-b from-brand-50 via-white to-white px-4 pt-28 pb-20 sm:px-6">
      <div className="mx-auto w-full max-w-md">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="h-12 w-12" />
          <h1 className="mt-6 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">
            {title}
          </h1>
          {intro && <p className="mt-3 text-slate-600">{intro}</p>}
        </div>
        <Card className="mt-8 p-6 sm:p-8">{children}</Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </main>
  );
}

/** A thin rule with a word in the middle ("or"). */
export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
