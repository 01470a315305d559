export { RecommendationsFeed } from './components/recommendations-feed';
export { UnitRecommendations } from './components/unit-recommendations';
