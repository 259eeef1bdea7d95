// The travel-rule block the exchange sends with a transfer (decision 0026): IVMS101 originator and
// beneficiary as they travel between VASPs, the VASPs by Backdesk's directory id or their LEI, and
// whether the other side is the customer's own self-hosted wallet. Ingestion and the withdrawal check
// take the same block.
import { z } from 'zod';
import { BeneficiarySchema, LeiSchema, OriginatorSchema } from '../compliance/travel-rule-ivms.ts';

/** A VASP of the directory: Backdesk's id, or its LEI. Exactly one of the two. */
export const TravelRuleVaspRefSchema = z
  .strictObject({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    lei: LeiSchema.optional(),
  })
  .refine((v) => (v.id === undefined) !== (v.lei === undefined), {
    message: 'Give either the VASP id or its LEI',
  })
  .meta({ description: 'A VASP of the directory, by Backdesk\'s id ({ "id": 7 }) or its LEI' });
export type TravelRuleVaspRef = z.infer<typeof TravelRuleVaspRefSchema>;

export const TravelRuleBlockSchema = z
  .strictObject({
    originator: OriginatorSchema.optional(),
    beneficiary: BeneficiarySchema.optional(),
    originatingVasp: TravelRuleVaspRefSchema.optional(),
    beneficiaryVasp: TravelRuleVaspRefSchema.optional(),
    /** The other side is a wallet of the customer's own (no VASP). */
    selfHosted: z.boolean().optional(),
  })
  .refine((b) => !b.selfHosted || (b.originatingVasp === undefined && b.beneficiaryVasp === undefined), {
    message: 'A self-hosted wallet has no VASP',
    path: ['selfHosted'],
  })
  .meta({
    description:
      'Travel-rule data (IVMS101) of a deposit or withdrawal: originator, beneficiary, the VASPs by directory id or LEI, and whether the other side is self-hosted. Each field given replaces the one Backdesk holds.',
  });
export type TravelRuleBlock = z.infer<typeof TravelRuleBlockSchema>;
