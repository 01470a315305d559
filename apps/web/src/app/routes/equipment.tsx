import { EquipmentRoute } from '@/features/equipment/routes/equipment';
import { UnitRecommendations } from '@/features/recommendations';

/**
 * /equipment/{id}: the equipment feature's page with the recommendations feature's panel as its
 * Recommendations tab, composed here because features never import each other.
 */
export function EquipmentWithRecommendationsRoute() {
  return <EquipmentRoute recommendations={(id) => <UnitRecommendations equipmentId={id} />} />;
}
