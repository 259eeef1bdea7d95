import {
  type ApiError,
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorParams,
  errorMessage,
} from '@backdesk/contract';

/**
 * The one error type of the server: a catalogue code (packages/contract/src/error-catalogue.ts) and
 * the params its text names. The error handler maps it to its HTTP status and the ApiError shape.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
    readonly extra: {
      issues?: ApiError['issues'];
      retryAfterSeconds?: number;
      /** A technical detail for API clients (a path, a parser's words) instead of the catalogue text. */
      detail?: string;
    } = {},
  ) {
    super(extra.detail ?? errorMessage(code, params));
    this.name = 'AppError';
    this.statusCode = ERROR_CATALOGUE[code].status;
  }

  toBody(): ApiError {
    return {
      success: false,
      status: 'error',
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(Object.keys(this.params).length ? { params: { ...this.params } } : {}),
      ...(this.extra.issues ? { issues: this.extra.issues } : {}),
    };
  }
}
