// Typed domain errors: services throw these, and one place (app/lib/route.server.ts, respondToError)
// turns them into HTTP answers. Client-safe: screens read the same `status` and `fieldErrors`.
export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  readonly status: number;
  /** Extra JSON members of the error answer, e.g. `data` (the current row of a 409) or `fieldErrors`. */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.extra = extra;
    this.headers = headers;
  }
}

/** 400: the input is wrong; `fieldErrors` say where. */
export class ValidationError extends DomainError {
  constructor(message: string, fieldErrors?: FieldErrors) {
    super(400, message, fieldErrors ? { fieldErrors } : {});
  }
}

/** 403: the viewer may reach the route but not this row or action. */
export class ForbiddenError extends DomainError {
  constructor(message = "You do not have access to this.") {
    super(403, message);
  }
}

/** 404: absent, or outside the viewer's scope (the two are indistinguishable on purpose). */
export class NotFoundError extends DomainError {
  constructor(message = "Not found") {
    super(404, message);
  }
}

/** 405 with the methods the path answers. */
export class MethodNotAllowedError extends DomainError {
  constructor(allowed: readonly string[]) {
    super(405, "Method not allowed", {}, { Allow: allowed.join(", ") });
  }
}

/** 409: someone else changed the row first; `data` carries its current state. */
export class ConflictError extends DomainError {
  constructor(message: string, data?: unknown) {
    super(409, message, data === undefined ? {} : { data });
  }
}

/** 413: the body is over the limit; nothing was read further. */
export class PayloadTooLargeError extends DomainError {
  constructor(message = "Request body is too large") {
    super(413, message);
  }
}

/** 415: the body is not of the type the call takes. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(message = "Expected a JSON body (Content-Type: application/json)") {
    super(415, message);
  }
}

/** 422: well-formed but unusable, e.g. an Idempotency-Key reused with a different body. */
export class UnprocessableError extends DomainError {
  constructor(message: string) {
    super(422, message);
  }
}

/** 429 with Retry-After in seconds. */
export class RateLimitedError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, {}, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** The typed error for a status, for code that knows only the number (http.server's `fail`). */
export function domainError(status: number, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): DomainError {
  return new DomainError(status, message, extra, headers);
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
