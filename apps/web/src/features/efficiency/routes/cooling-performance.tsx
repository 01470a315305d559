import { useParams } from 'react-router';
import { CoolingPerformancePage } from '../components/cooling-performance-page';

/** /efficiency/pcdu/{id}?period=24h */
export function CoolingPerformanceRoute() {
  return <CoolingPerformancePage id={Number(useParams().id)} />;
}
