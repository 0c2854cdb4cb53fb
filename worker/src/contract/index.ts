export * from './errors';
export * from './login';
export * from './messages';
export * from './validation';
