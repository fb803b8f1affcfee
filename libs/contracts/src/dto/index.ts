export * from './auth.dto';
export * from './shop.dto';
