export * from './envelope';
export * from './constants';
export * from './cs-path';
export * from './system';
export * from './paths';
export * from './health';
export * from './register-patterns';
