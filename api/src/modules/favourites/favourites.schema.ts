import { z } from 'zod';
import { dbId, dbIdParam } from '../../http/validation.js';
import { productCardDto } from '../catalog/index.js';

/** How many products one shopper may keep as favourites (and how many cards one request may ask for). */
export const MAX_FAVOURITES = 100;

/** POST /api/profile/favourites */
export const favouriteBody = z.strictObject({ product_id: dbId });
/** DELETE /api/profile/favourites/:productId */
export const favouriteParams = z.strictObject({ productId: dbIdParam });
/** POST /api/profile/favourites/merge: the guest's list from the browser, newest first. */
export const favouritesMergeBody = z.strictObject({ product_ids: z.array(dbId).max(MAX_FAVOURITES) });

/** One favourite, as added. */
export const favouriteDto = z.object({ product_id: z.number(), created_at: z.string() }).meta({ id: 'Favourite' });
export const favouriteAnswer = z.object({ data: favouriteDto });
/** The shopper's favourites as product cards, newest first (hidden products left out). */
export const favouritesAnswer = z.object({ data: z.array(productCardDto) });
export const favouriteRemovedAnswer = z.object({ deleted: z.literal(true) });
