/**
 * The error catalogue: every code the API sends, with its HTTP status, in one place. docs/API.md's error table
 * lists exactly these (test/unit/error-catalogue.spec.ts checks both ways). Error classes take their status
 * from here, and each class accepts only the codes of its status.
 */
export const ERROR_STATUS = {
  // 400
  VALIDATION_ERROR: 400,
  INVALID_FILE_PATH: 400,
  MISSING_QUERY_PARAMETER: 400,
  QUERY_TOO_LONG: 400,
  MALFORMED_JSON: 400,
  FORBIDDEN_PROPERTY: 400,
  UNSUPPORTED_API_VERSION: 400,
  SAME_TERM_AND_SYNONYM: 400,
  NOTHING_TO_UPDATE: 400,
  BAD_REQUEST: 400,
  // 401
  AUTHENTICATION_REQUIRED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_TOKEN: 401,
  UNAUTHORIZED: 401,
  // 403
  INSUFFICIENT_ROLE: 403,
  USER_MISMATCH: 403,
  FORBIDDEN: 403,
  // 404
  NOT_FOUND: 404,
  SYNONYM_NOT_FOUND: 404,
  EXPANSION_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  // 405
  METHOD_NOT_ALLOWED: 405,
  // 409
  DUPLICATE_SYNONYM: 409,
  INVALID_STATUS_TRANSITION: 409,
  VERSION_CONFLICT: 409,
  FEEDBACK_ALREADY_RECORDED: 409,
  CONFLICT: 409,
  // 413
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  // 415
  UNSUPPORTED_MEDIA_TYPE: 415,
  // 429
  RATE_LIMIT_EXCEEDED: 429,
  // 500
  INTERNAL_ERROR: 500,
  // 503
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];
/** The codes of one status: NotFoundError takes CodeOf<404>, so a 409 code there does not compile. */
export type CodeOf<S extends ErrorStatus> = { [K in ErrorCode]: (typeof ERROR_STATUS)[K] extends S ? K : never }[ErrorCode];

/** The envelope's `error` field per status. */
export const ERROR_TITLES: Record<ErrorStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The code for an error a framework raised with only a status (Nest's HttpException, the body parser): the
 * generic code of that status; a status the catalogue does not know answers as 400 BAD_REQUEST.
 */
export const GENERIC_CODE: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMIT_EXCEEDED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Whether a value (e.g. a DTO decorator's context code) is a catalogue code of the given status. */
export function isCodeOf<S extends ErrorStatus>(value: unknown, status: S): value is CodeOf<S> {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value) && ERROR_STATUS[value as ErrorCode] === status;
}
