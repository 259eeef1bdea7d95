import { STATUS_CODES } from 'node:http';
import {
  type ErrorCode,
  TRP_API_VERSION,
  TrpAnswerSchema,
  TrpConfirmationSchema,
  TrpInquirySchema,
  TrpReceiptSchema,
} from '@backdesk/contract';
import { z } from 'zod';
import { errorSchema } from '../../../../plugins/openapi.ts';
import { TRP_PREFIX } from './trp.routes.ts';

type Json = Record<string, unknown>;

const schemaOf = (schema: z.core.$ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};
const json = (schema: Json) => ({ 'application/json': { schema } });

/** The refusals every TRP endpoint may answer, by status (an endpoint adds its own). */
const COMMON: Record<number, ErrorCode[]> = {
  400: ['VALIDATION_FAILED', 'MALFORMED_BODY', 'MALFORMED_REQUEST', 'INVALID_TEXT', 'TRP_API_VERSION'],
  401: ['TRP_UNAUTHENTICATED'],
  403: ['TRP_VASP_NOT_ALLOWED'],
  413: ['REQUEST_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['TOO_MANY_REQUESTS'],
  500: ['INTERNAL'],
};

function operation(
  summary: string,
  description: string,
  body: z.core.$ZodType,
  ok: number,
  own: Record<number, ErrorCode[]> = {},
  pathParam = false,
) {
  const responses: Json = {
    [ok]: { description: 'Taken', content: json(schemaOf(TrpReceiptSchema, 'output')) },
  };
  const statuses = new Set([...Object.keys(COMMON), ...Object.keys(own)].map(Number));
  for (const status of [...statuses].sort()) {
    const codes = [...(COMMON[status] ?? []), ...(own[status] ?? [])];
    responses[status] = {
      description: STATUS_CODES[status] ?? 'Error',
      content: json(schemaOf(errorSchema(status, codes), 'output')),
    };
  }
  return {
    post: {
      summary,
      description,
      security: [{ vaspToken: [] }],
      parameters: [
        ...(pathParam
          ? [
              {
                name: 'requestId',
                in: 'path',
                required: true,
                schema: { type: 'string', format: 'uuid' },
                description: "The inquiry's request-identifier",
              },
            ]
          : []),
        {
          name: 'api-version',
          in: 'header',
          required: true,
          schema: { type: 'string', pattern: '^3\\.\\d{1,3}\\.\\d{1,3}$' },
          description: `TRP version (3.x; Backdesk sends ${TRP_API_VERSION})`,
        },
        {
          name: 'request-identifier',
          in: 'header',
          required: true,
          schema: { type: 'string', format: 'uuid' },
          description: 'A UUID naming the exchange; on an inquiry it names the transfer on both sides',
        },
      ],
      requestBody: { required: true, content: json(schemaOf(body, 'input')) },
      responses,
    },
  };
}

/**
 * The TRP endpoints' own document (`/trp/v1/openapi.json`): they are called by other VASPs with a
 * token Backdesk issued them, not by the exchange (docs/decisions/0030-travel-rule-protocol.md).
 */
export function trpOpenApi(server: string | undefined) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Backdesk — Travel Rule Protocol',
      version: TRP_API_VERSION,
      description:
        'OpenVASP TRP 3.x between exchanges. Our travel address is the LNURL of `/trp/v1/inquiries`. Amounts are the asset’s decimal units as text; assets are named by SLIP-0044 or `symbol`.',
    },
    servers: server ? [{ url: server.slice(0, -TRP_PREFIX.length) || '/' }] : [],
    components: {
      securitySchemes: {
        vaspToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token Backdesk issued the VASP (Compliance → Travel rule → VASPs → TRP)',
        },
      },
    },
    paths: {
      [`${TRP_PREFIX}/inquiries`]: operation(
        'Inquiry about a deposit to one of our customers',
        'We match the beneficiary to our customer by its account number (the deposit address) and its name (case, diacritics and Turkish i aside), and answer approve (with the address) or reject at the callback.',
        TrpInquirySchema,
        202,
      ),
      [`${TRP_PREFIX}/transfers/{requestId}/answer`]: operation(
        "The beneficiary VASP's answer to our inquiry",
        'Approve (the address must be the withdrawal’s) completes our record; reject rejects it and the withdrawal check blocks the withdrawal.',
        TrpAnswerSchema,
        200,
        { 404: ['TRP_TRANSFER_NOT_FOUND'], 409: ['TRP_TRANSFER_ANSWERED'] },
        true,
      ),
      [`${TRP_PREFIX}/transfers/{requestId}/confirm`]: operation(
        "The originator's confirmation of a transfer we approved",
        'The txid of the transfer on chain (the deposit is matched by it), or its cancellation.',
        TrpConfirmationSchema,
        200,
        { 404: ['TRP_TRANSFER_NOT_FOUND'], 409: ['TRP_TRANSFER_ANSWERED'] },
        true,
      ),
    },
  };
}
