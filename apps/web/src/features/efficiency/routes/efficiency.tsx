import { EfficiencyPage } from '../components/efficiency-page';

/** /efficiency?scope=room:3&period=7d */
export function EfficiencyRoute() {
  return <EfficiencyPage />;
}
