export * from './auth.dto';
export * from './shop.dto';
export * from './product.dto';
export * from './analytics';
export * from './media';
