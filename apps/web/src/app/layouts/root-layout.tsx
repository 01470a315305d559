import { Outlet } from 'react-router';
import { AuthProvider } from '@/lib/auth';
import { PageSlotProvider } from '@/components/slots/page-slot';
import { PAGE_SLOTS } from '../page-slots';
import { Header } from './header';
import { Footer } from './footer';
import { AnnouncementBanner } from './announcement-banner';
import { SubNavigation } from './sub-navigation';

export function RootLayout() {
  return (
    <AuthProvider>
      <div className="flex min-h-screen flex-col">
        <AnnouncementBanner />
        <Header />
        <SubNavigation />
        <div id="content" className="flex-1">
          <PageSlotProvider slots={PAGE_SLOTS}>
            <Outlet />
          </PageSlotProvider>
        </div>
        <Footer />
      </div>
    </AuthProvider>
  );
}
