// The Travel Rule Protocol (OpenVASP TRP 3.x) messages Backdesk speaks with other VASPs
// (docs/decisions/0030-travel-rule-protocol.md). The IVMS101 payload is the same subset the records
// store (travel-rule-ivms.ts), so a refusal's field path is IVMS101's own (`IVMS101.originator…`).
import { z } from 'zod';
import {
  BeneficiarySchema,
  BeneficiaryVaspSchema,
  OriginatingVaspSchema,
  OriginatorSchema,
} from '../compliance/travel-rule-ivms.ts';

/** The TRP version Backdesk sends in `api-version`; any 3.x is accepted. */
export const TRP_API_VERSION = '3.1.0';
export const TRP_API_VERSION_PATTERN = /^3\.\d{1,3}\.\d{1,3}$/;
export const TRP_REQUEST_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SLIP-0044 coin types of the assets Backdesk knows by symbol (TRP names an asset by either). */
export const TRP_SLIP0044: Readonly<Record<string, number>> = {
  BTC: 0,
  LTC: 2,
  DOGE: 3,
  ETH: 60,
  XRP: 144,
  TRX: 195,
  SOL: 501,
};

const Text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => v.trim() === v, 'No leading or trailing spaces');

/** An absolute http(s) URL: where the other side wants its answer. */
const CallbackUrlSchema = z
  .string()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'An absolute http(s) URL without credentials');

export const TrpAssetSchema = z
  .strictObject({
    slip0044: z.number().int().min(0).max(2_147_483_647).optional(),
    /** Backdesk's extension: the asset's symbol, for tokens SLIP-0044 has no number for (USDT). */
    symbol: z
      .string()
      .regex(/^[A-Z0-9]{1,16}$/)
      .optional(),
  })
  .refine((a) => a.slip0044 !== undefined || a.symbol !== undefined, {
    message: 'Name the asset by slip0044 or symbol',
  });
export type TrpAsset = z.infer<typeof TrpAssetSchema>;

/** The amount in the asset's own unit, exact decimal text (never a float). */
export const TrpAmountSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,17})(\.\d{1,18})?$/, 'A decimal amount such as "0.25"')
  .refine((v) => /[1-9]/.test(v), 'The amount must be above zero');

export const TrpIvms101Schema = z.strictObject({
  originator: OriginatorSchema,
  beneficiary: BeneficiarySchema,
  originatingVASP: OriginatingVaspSchema.optional(),
  beneficiaryVASP: BeneficiaryVaspSchema.optional(),
});

/** The originator's inquiry, POSTed to the beneficiary VASP's travel address. */
export const TrpInquirySchema = z
  .strictObject({
    asset: TrpAssetSchema,
    amount: TrpAmountSchema,
    callback: CallbackUrlSchema,
    IVMS101: TrpIvms101Schema,
  })
  .meta({ id: 'TrpInquiry' });
export type TrpInquiry = z.infer<typeof TrpInquirySchema>;

/** The beneficiary's answer to an inquiry, POSTed to its callback: approve with the address, or reject. */
export const TrpAnswerSchema = z
  .union([
    z.strictObject({
      approved: z.strictObject({ address: Text(200), callback: CallbackUrlSchema }),
    }),
    z.strictObject({ rejected: Text(500) }),
  ])
  .meta({ id: 'TrpAnswer' });
export type TrpAnswer = z.infer<typeof TrpAnswerSchema>;

/** The originator's confirmation once the transfer is on chain, POSTed to the approval's callback. */
export const TrpConfirmationSchema = z
  .union([z.strictObject({ txid: Text(200) }), z.strictObject({ canceled: Text(500) })])
  .meta({ id: 'TrpConfirmation' });
export type TrpConfirmation = z.infer<typeof TrpConfirmationSchema>;

/** What a TRP endpoint of Backdesk answers once a message is taken. */
export const TrpReceiptSchema = z
  .object({ status: z.enum(['received', 'approved', 'rejected', 'confirmed', 'canceled']) })
  .meta({ id: 'TrpReceipt' });
export type TrpReceipt = z.infer<typeof TrpReceiptSchema>;
