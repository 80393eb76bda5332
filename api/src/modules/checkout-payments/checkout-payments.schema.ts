import { z } from 'zod';

// The providers' callbacks answer in the providers' own formats, always with HTTP 200.

/** Payme Merchant API results (payme-merchant.ts), one per method; times in ms, amounts in tiyin. */
const transactionState = {
  create_time: z.number(),
  perform_time: z.number(),
  cancel_time: z.number(),
  /** The shop's transaction id. */
  transaction: z.string(),
  state: z.number(),
  reason: z.number().nullable(),
};
export const paymeResults = {
  CheckPerformTransaction: z.object({
    allow: z.literal(true),
    detail: z.object({
      receipt_type: z.number(),
      shipping: z.object({ title: z.string(), price: z.number() }).optional(),
      items: z.array(z.object({ title: z.string(), price: z.number(), count: z.number(), code: z.string(), package_code: z.string(), vat_percent: z.number() })),
    }),
  }),
  CreateTransaction: z.object({ create_time: z.number(), transaction: z.string(), state: z.number() }),
  PerformTransaction: z.object({ transaction: z.string(), perform_time: z.number(), state: z.number() }),
  CancelTransaction: z.object({ transaction: z.string(), cancel_time: z.number(), state: z.number() }),
  CheckTransaction: z.object(transactionState),
  GetStatement: z.object({
    transactions: z.array(z.object({ id: z.string(), time: z.number(), amount: z.number(), account: z.object({ order_id: z.string() }), ...transactionState })),
  }),
  SetFiscalData: z.object({ success: z.literal(true) }),
} as const;
export const paymeResult = z.union([
  paymeResults.CheckPerformTransaction,
  paymeResults.CreateTransaction,
  paymeResults.PerformTransaction,
  paymeResults.CancelTransaction,
  paymeResults.CheckTransaction,
  paymeResults.GetStatement,
  paymeResults.SetFiscalData,
]);
export type PaymeResult = z.infer<typeof paymeResult>;

const rpcId = z.union([z.string(), z.number()]).nullable();
/** JSON-RPC 2.0: `{jsonrpc, id, result}` or `{jsonrpc, id, error: {code, message: {uz, ru, en}, data?}}`. */
export const paymeAnswer = z.union([
  z.object({ jsonrpc: z.literal('2.0'), id: rpcId, result: paymeResult }),
  z.object({
    jsonrpc: z.literal('2.0'),
    id: rpcId,
    error: z.object({ code: z.number(), message: z.object({ uz: z.string(), ru: z.string(), en: z.string() }), data: z.string().optional() }),
  }),
]);
export type PaymeAnswer = z.infer<typeof paymeAnswer>;

/** Click SHOP API answer to Prepare (with `merchant_prepare_id`) and Complete (with `merchant_confirm_id`); `error` 0 is success. */
export const clickAnswer = z.object({
  click_trans_id: z.number(),
  merchant_trans_id: z.string(),
  merchant_prepare_id: z.number().optional(),
  merchant_confirm_id: z.number().optional(),
  error: z.number(),
  error_note: z.string(),
});
