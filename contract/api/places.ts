/** The place entity's endpoints (contract/entities/place.ts): the writer's place picker lists them. */
import { place } from '../entities/place';

export const placeApi = { ...place.api };
