import { useAppConfig } from '@/lib/runtime-config';

export function Footer() {
  const { productName } = useAppConfig();
  return (
    <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-500">
      © 2025 {productName}. All rights reserved.
    </footer>
  );
}
