/** The catalogue's learnt confidence uses the engine's update (one formula for every source). */
export { learntConfidence, PRIOR_WEIGHT } from '../expansion/engine/learning';
