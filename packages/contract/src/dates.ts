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

/**
 * An IANA time zone name, e.g. Europe/Istanbul. Any short text passes the schema: the server checks
 * it against the zones it and PostgreSQL know and refuses another with REPORT_UNKNOWN_TIME_ZONE, so
 * the OpenAPI document says what is meant (`meta`).
 */
export const TimeZoneNameSchema = z
  .string()
  .min(1)
  .max(64)
  .meta({
    format: 'iana-time-zone',
    description:
      'An IANA time zone name as the tz database spells it (Area/Location, or UTC), e.g. Europe/Istanbul: ' +
      'days start at its midnight. One the server does not know is refused with REPORT_UNKNOWN_TIME_ZONE.',
    example: 'Europe/Istanbul',
  });
