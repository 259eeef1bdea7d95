import { randomUUID } from 'node:crypto';
import { natural } from '../db/seed/travel-rule.ts';

/** A TRON-shaped address no other test has used. */
export const freshAddress = () => `T${randomUUID().replaceAll('-', '').slice(0, 30)}`;

/** An invented natural person, with a T.C. identity number and a date of birth when given them. */
export const testPerson = (
  family: string,
  given: string,
  { identifier, birthDate }: { identifier?: string | undefined; birthDate?: string } = {},
) =>
  natural(family, given, {
    ...(identifier
      ? {
          nationalIdentification: {
            nationalIdentifier: identifier,
            nationalIdentifierType: 'RAID',
            countryOfIssue: 'TR',
          },
        }
      : {}),
    ...(birthDate ? { dateAndPlaceOfBirth: { dateOfBirth: birthDate, placeOfBirth: 'Bursa' } } : {}),
  });
