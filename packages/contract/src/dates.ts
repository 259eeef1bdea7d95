import { z } from 'zod';

/**
 * The years a date the member gives may fall in (docs/product-rules.md R32): nothing Backdesk records
 * is older or further away, and PostgreSQL refuses some years outside (0000) as a server error.
 */
export const DATE_YEARS = { minimum: 1900, maximum: 2200 } as const;

const withinYears = (year: number, ctx: z.core.$RefinementCtx<string>) => {
  if (year >= DATE_YEARS.minimum && year <= DATE_YEARS.maximum) return;
  ctx.addIssue({
    code: 'custom',
    message: `Choose a date between ${DATE_YEARS.minimum} and ${DATE_YEARS.maximum}`,
    // The rule's name and bounds, so a client can word it in its own language.
    params: { rule: 'date_out_of_range', ...DATE_YEARS },
  });
};

/** A calendar day, YYYY-MM-DD: a real date (no 30 February) within DATE_YEARS. */
export const CalendarDateSchema = z.iso
  .date()
  .superRefine((value, ctx) => withinYears(Number(value.slice(0, 4)), ctx));

/** A moment with its UTC offset (ISO 8601): a real date and time within DATE_YEARS. */
export const InstantSchema = z.iso
  .datetime({ offset: true })
  .superRefine((value, ctx) => withinYears(new Date(value).getUTCFullYear(), ctx));
