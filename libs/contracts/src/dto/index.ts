// The DTOs' @Type decorators read TypeScript's design-time metadata.
import 'reflect-metadata';

export * from './auth.dto';
export * from './shop.dto';
export * from './product.dto';
export * from './analytics';
export * from './media';
export * from './events';
export * from './webhooks.dto';
export * from './moderation.dto';
export * from './domains.dto';
