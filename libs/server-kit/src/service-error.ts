import {
  DefaultErrorMessage,
  ErrorCode,
  type FieldError,
  isErrorCode,
  type RpcErrorPayload,
} from '@kartlink/contracts';

/**
 * The one error type of the platform. Services throw it; it travels over NATS as
 * `{ code, message, details }`; the gateway turns it into the failure envelope.
 */
export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: RpcErrorPayload['details'],
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  static validation(
    errors: FieldError[],
    message = errors[0]?.msg ?? DefaultErrorMessage.validation,
  ) {
    return new ServiceError(ErrorCode.VALIDATION_ERROR, message, { errors });
  }

  static notFound(message: string = DefaultErrorMessage.notFound) {
    return new ServiceError(ErrorCode.NOT_FOUND, message);
  }

  static internal() {
    return new ServiceError(ErrorCode.INTERNAL_ERROR, DefaultErrorMessage.server);
  }

  toPayload(): RpcErrorPayload {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }

  /** Reads what came back over NATS; anything that is not a modelled error becomes INTERNAL_ERROR. */
  static fromPayload(value: unknown): ServiceError | undefined {
    if (typeof value !== 'object' || value === null) return undefined;
    const { code, message, details } = value as Partial<RpcErrorPayload>;
    if (!isErrorCode(code) || typeof message !== 'string') return undefined;
    return new ServiceError(
      code,
      message,
      typeof details === 'object' && details !== null ? details : undefined,
    );
  }
}
