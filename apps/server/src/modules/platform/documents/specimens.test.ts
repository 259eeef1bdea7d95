import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkPdf } from './pdf-check.ts';
import { genericSpecimens, specimenDocument } from './specimens.ts';

const person = {
  fullName: 'ŞEYMA ÖRNEK',
  birthDate: '1991-03-04',
  documentNumber: 'U12345678',
  expiryDate: '2031-03-04',
  address: 'Deneme Mah. 5, İzmir',
};

describe('specimens', () => {
  it('PDFs say SPECIMEN, carry the invented data and pass the intake checks', async () => {
    const pdf = await specimenDocument({ kind: 'national_id_front', format: 'pdf', person });
    const text = pdf.bytes.toString('latin1');
    expect(pdf.contentType).toBe('application/pdf');
    expect(text.startsWith('%PDF-1.7')).toBe(true);
    expect(text).toContain('(SPECIMEN)');
    expect(text).toContain('NATIONAL IDENTITY CARD');
    expect(text).toContain('(U12345678)');
    // Ş is code 0x80 through /Differences; Ö is WinAnsi's own 0xD6.
    expect(text).toContain('(\\200EYMA \\326RNEK)');
    expect(() => checkPdf(pdf.bytes)).not.toThrow();
  });

  it('images are real JPEG and PNG files of card size', async () => {
    const jpeg = await specimenDocument({ kind: 'passport', format: 'jpeg', person });
    const png = await specimenDocument({ kind: 'selfie', format: 'png', person });
    expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1000, height: 640 });
    expect(await sharp(png.bytes).metadata()).toMatchObject({ format: 'png', width: 720, height: 960 });
    expect([jpeg.fileName, png.fileName]).toEqual(['passport-specimen.jpg', 'selfie-specimen.png']);
  });

  it('differ per person and are built once per kind on the fast path', async () => {
    const a = await specimenDocument({ kind: 'passport', format: 'pdf', person });
    const b = await specimenDocument({
      kind: 'passport',
      format: 'pdf',
      person: { ...person, documentNumber: 'U2' },
    });
    expect(a.sha256).not.toBe(b.sha256);
    const first = await genericSpecimens('driving_licence');
    expect(first.map((s) => s.contentType).sort()).toEqual([
      'application/pdf',
      'application/pdf',
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/png',
    ]);
    expect(await genericSpecimens('driving_licence')).toBe(first);
  });
});
