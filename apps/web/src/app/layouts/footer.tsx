import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { LogoMark } from '@/components/ui/logo';

const footerLinkClassName =
  'rounded hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export function Footer() {
  const { productName } = useAppConfig();
  return (
    <footer className="skip-offscreen border-t [--offscreen-height:16rem] border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-center gap-2">
          <LogoMark className="h-5 w-5" />
          <span>© 2025 {productName}. All rights reserved.</span>
        </p>
        <nav aria-label="Footer" className="flex gap-6">
          <Link to={paths.features} className={footerLinkClassName}>
            Platform Features
          </Link>
          <Link to={paths.docs} className={footerLinkClassName}>
            Documentation
          </Link>
        </nav>
      </div>
    </footer>
  );
}
