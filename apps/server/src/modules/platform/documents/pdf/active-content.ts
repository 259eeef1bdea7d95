import type { PdfFile } from './document.ts';
import { isDict, nameOf, type PdfDict, PdfRef, PdfString, type PdfValue } from './syntax.ts';

/**
 * What makes a PDF act rather than show, as the refusal names it (the web's
 * `errors:pdfFeature.<feature>` says it in the member's language).
 */
export const PDF_ACTIVE_FEATURES = [
  'javascript',
  'launch',
  'open_action',
  'additional_actions',
  'form_action',
  'embedded_file',
  'rich_media',
  'xfa',
  'unsafe_link',
  'action',
] as const;
export type PdfActiveFeature = (typeof PDF_ACTIVE_FEATURES)[number];

/** Actions that only move within the document or open a web link: what a statement's links use. */
const INERT_ACTIONS = new Set(['GoTo', 'URI', 'Named', 'Thread']);
const FORM_ACTIONS = new Set(['SubmitForm', 'ImportData', 'ResetForm']);
const RICH_MEDIA = new Set(['RichMedia', '3D', 'Movie', 'Sound', 'Screen']);
const SAFE_LINK = /^(https?:|mailto:)/i;

/** The first active feature found in any object of the file, or undefined for an inert PDF. */
export function findActiveContent(file: PdfFile): PdfActiveFeature | undefined {
  const resolve = (value: PdfValue | undefined): PdfValue[] =>
    value instanceof PdfRef ? file.definitions(value) : value === undefined ? [] : [value];
  for (const object of file.objects) {
    const found = walk(object.value, resolve, 0);
    if (found) return found;
  }
  return undefined;
}

type Resolve = (value: PdfValue | undefined) => PdfValue[];

function walk(value: PdfValue, resolve: Resolve, depth: number): PdfActiveFeature | undefined {
  if (depth > 64) return undefined; // the reader refuses deeper nesting already
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = walk(item, resolve, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!isDict(value)) return undefined;
  const found = inDictionary(value, resolve);
  if (found) return found;
  for (const item of value.values()) {
    const inner = walk(item, resolve, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

/** The checks of one dictionary; names are already decoded by the reader (/J#61vaScript is /JavaScript). */
function inDictionary(dict: PdfDict, resolve: Resolve): PdfActiveFeature | undefined {
  if (dict.has('JS') || dict.has('JavaScript')) return 'javascript';
  const subtype = nameOf(dict.get('Subtype'));
  const type = nameOf(dict.get('Type'));
  if (dict.has('XFA')) return 'xfa';
  if (
    dict.has('EmbeddedFiles') ||
    dict.has('EF') ||
    type === 'EmbeddedFile' ||
    subtype === 'FileAttachment'
  ) {
    return 'embedded_file';
  }
  if ((subtype && RICH_MEDIA.has(subtype)) || dict.has('RichMediaContent')) return 'rich_media';
  const action = nameOf(dict.get('S'));
  if (action === 'JavaScript') return 'javascript';
  if (action === 'Launch') return 'launch';
  // A destination opens the document at a page; an action dictionary runs something on opening.
  const onOpen = resolve(dict.get('OpenAction')).filter(isDict);
  if (onOpen.length) return firstOf(onOpen.map(actionFeature)) ?? 'open_action';
  const triggers = resolve(dict.get('AA'));
  if (triggers.some((aa) => !isDict(aa) || aa.size > 0)) {
    const actions = triggers.flatMap((aa) => (isDict(aa) ? [...aa.values()].flatMap(resolve) : []));
    return firstOf(actions.map((a) => (isDict(a) ? actionFeature(a) : undefined))) ?? 'additional_actions';
  }
  for (const key of ['A', 'Next']) {
    for (const target of resolve(dict.get(key)).flatMap((v) =>
      Array.isArray(v) ? v.flatMap(resolve) : [v],
    )) {
      const found = isDict(target) ? actionFeature(target) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** The most telling feature among triggered actions: a script before a mere "action". */
const firstOf = (features: (PdfActiveFeature | undefined)[]) =>
  features.find((f) => f !== undefined && f !== 'action');

function actionFeature(action: PdfDict): PdfActiveFeature | undefined {
  const kind = nameOf(action.get('S'));
  if (kind === undefined) return undefined;
  if (kind === 'JavaScript') return 'javascript';
  if (kind === 'Launch') return 'launch';
  if (kind === 'GoToE') return 'embedded_file';
  if (FORM_ACTIONS.has(kind)) return 'form_action';
  if (!INERT_ACTIONS.has(kind)) return 'action';
  if (kind === 'URI') {
    const uri = action.get('URI');
    if (!(uri instanceof PdfString) || !SAFE_LINK.test(uri.text.trim())) return 'unsafe_link';
  }
  return undefined;
}
