import type { ApiError, ErrorCode } from '@backdesk/contract';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  CAPTCHA_INVALID: 400,
  LOGIN_FAILED: 401,
  AUTHENTICATION_REQUIRED: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_TOKEN: 401,
  ACCESS_DENIED: 403,
  FORBIDDEN: 403,
  FOREIGN_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
};

/** The one error type of the server; the error handler maps it to HTTP and the ApiError shape. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { issues?: ApiError['issues']; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }

  toBody(): ApiError {
    return {
      success: false,
      status: 'error',
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
      ...(this.extra.issues ? { issues: this.extra.issues } : {}),
    };
  }
}
