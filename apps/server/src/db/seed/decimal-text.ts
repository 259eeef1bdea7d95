import type { Rng } from './prng.ts';

/**
 * Amounts are drawn as whole numbers of the smallest unit and only then written with a decimal point,
 * so no binary-float artefact (0.30000000000000004) can reach the database.
 */
export function formatUnits(units: number, scale: number): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`Not a safe unit count: ${units}`);
  if (scale === 0) return String(units);
  const digits = String(units).padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

const pow10 = (n: number) => 10 ** n; // exact for n ≤ 22

export interface AmountRange {
  min: number;
  max: number;
  /** Decimal places the asset allows. */
  scale: number;
}

/**
 * A log-uniform amount, since people move 50 and 50,000 alike. Some are kept round ("500", "0.05"),
 * some cut to cents, the rest use the asset's full precision, as real ledgers mix all three.
 */
export function drawAmount(rng: Rng, range: AmountRange): string {
  const { min, max, scale } = range;
  const value = Math.exp(Math.log(min) + rng.float() * (Math.log(max) - Math.log(min)));
  let units = Math.max(1, Math.round(value * pow10(scale)));
  const style = rng.float();
  if (style < 0.4) {
    // Two significant digits.
    const drop = Math.max(0, String(units).length - 2);
    units = Math.max(pow10(drop), Math.round(units / pow10(drop)) * pow10(drop));
  } else if (style < 0.7 && scale > 2) {
    const drop = scale - 2;
    units = Math.max(pow10(drop), Math.round(units / pow10(drop)) * pow10(drop));
  }
  return formatUnits(units, scale);
}

/** A uniform price between two bounds, at `scale` decimal places. */
export function drawPrice(rng: Rng, min: number, max: number, scale: number): string {
  return formatUnits(rng.int(Math.round(min * pow10(scale)), Math.round(max * pow10(scale))), scale);
}
