// Typed errors thrown by services; api/middleware/error-handler.ts turns them into API-4 and API-5 bodies.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More of the answer's body beside `error` (a 409 naming what stands in the way: `invoiceNumber`, INV-41; `existingPatientId`, PAT-18). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, undefined, undefined, extra);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const SERVICE_UNAVAILABLE = 'The service is unavailable for a moment. Please try again shortly.';
export const serviceUnavailable = (message = SERVICE_UNAVAILABLE, retryAfterSeconds = 5) =>
  new HttpError(503, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
