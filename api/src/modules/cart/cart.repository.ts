import { type DbOrTx } from '../../db/client.js';
import { type AccountType, cartItems } from '../../db/schema/index.js';
import { eq, asc } from 'drizzle-orm';
import { type PricedVariant, pricedVariants } from '../catalog/index.js';

/** A variant as the cart needs it: the product's fiscal codes and weight, price and stock (`total`). */
export type CartVariantRow = Omit<PricedVariant, 'total_quantity' | 'stock'> & { total: number };

export interface StoredLine {
  productId: number;
  variantId: number;
  quantity: number;
}

export function createCartRepository(db: DbOrTx) {
  return {
    /** Every variant of the given products that this account type may buy. */
    variantsOf: async (productIds: number[], account: AccountType): Promise<CartVariantRow[]> =>
      (await pricedVariants(db, productIds, account, 'sellable')).map(({ total_quantity, stock: _stock, ...v }) => ({ ...v, total: total_quantity })),

    async read(customerId: number): Promise<StoredLine[]> {
      return db
        .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(eq(cartItems.customerId, customerId))
        .orderBy(asc(cartItems.sort));
    },

    async clear(customerId: number): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.customerId, customerId));
    },

    /** Replaces the customer's cart in one transaction. */
    async replace(customerId: number, lines: StoredLine[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
        if (lines.length > 0) {
          await tx.insert(cartItems).values(lines.map((l, sort) => ({ customerId, productId: l.productId, variantId: l.variantId, quantity: l.quantity, sort, updatedAt: now })));
        }
      });
    },
  };
}
