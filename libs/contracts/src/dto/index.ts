export * from './auth.dto';
