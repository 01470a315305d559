import { Outlet } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { Header } from './header';
import { Footer } from './footer';

export function RootLayout() {
  return (
    <AuthProvider>
      <div className="flex min-h-screen flex-col">
        <Header />
        <div className="flex-1">
          <Outlet />
        </div>
        <Footer />
      </div>
    </AuthProvider>
  );
}
