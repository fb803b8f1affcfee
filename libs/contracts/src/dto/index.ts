export * from './auth.dto';
export * from './shop.dto';
export * from './product.dto';
