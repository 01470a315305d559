import { lazy } from 'react';
import type { PageSlotComponents } from '@/components/slots/page-slot';

/** What app/ places into other features' pages; each loads with the page that shows it. */
export const PAGE_SLOTS: PageSlotComponents = {
  observability: [lazy(() => import('@/features/insights/components/scope-insights'))],
  equipmentUnit: [lazy(() => import('@/features/insights/components/unit-insights'))],
};
