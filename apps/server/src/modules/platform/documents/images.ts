import { AppError } from '../../../lib/app-error.ts';

let library: Promise<typeof import('sharp')['default']> | undefined;
/**
 * sharp, loaded on first use (a sixth of a second that a start would pay for the first upload).
 * Decoded images are not kept between uploads: the cache would only grow the server's memory.
 */
export const loadSharp = () =>
  (library ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

type RasterType = 'image/jpeg' | 'image/png' | 'image/webp';

/**
 * Re-encodes an image without any of its metadata (EXIF with GPS, XMP, IPTC, comments, ICC),
 * upright as its EXIF orientation said. The size is read from the header first, so a
 * decompression bomb is refused before a single pixel is decoded.
 */
export async function cleanImage(
  type: RasterType,
  inputPath: string,
  outputPath: string,
  maxPixels: number,
): Promise<void> {
  const sharp = await loadSharp();
  const options = { limitInputPixels: maxPixels, sequentialRead: true, failOn: 'error' } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(inputPath, options).metadata());
  } catch (error) {
    throw unreadable(error, maxPixels);
  }
  if (!width || !height) throw new AppError('KYC_FILE_UNREADABLE');
  refuseAbove(width * height, maxPixels);
  const image = sharp(inputPath, options).rotate();
  const encoded =
    type === 'image/jpeg'
      ? // Optimised Huffman tables need the whole image's coefficients in memory (~300 MB at 12 MP);
        // standard tables stream row by row for a few percent more bytes.
        image.jpeg({ quality: 90, optimiseCoding: false })
      : type === 'image/png'
        ? image.png({ compressionLevel: 6 })
        : image.webp({ quality: 90 });
  try {
    await encoded.toFile(outputPath);
  } catch (error) {
    throw unreadable(error, maxPixels);
  }
}

const tooManyPixels = (maxPixels: number) =>
  new AppError('KYC_FILE_TOO_MANY_PIXELS', { maxMegapixels: Math.round(maxPixels / 100_000) / 10 });

export function refuseAbove(pixels: number, maxPixels: number) {
  if (pixels > maxPixels) throw tooManyPixels(maxPixels);
}

function unreadable(error: unknown, maxPixels: number) {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels(maxPixels);
  return new AppError(
    'KYC_FILE_UNREADABLE',
    {},
    { detail: `The image cannot be read: ${message.slice(0, 200)}` },
  );
}
