// Test helpers of both apps (vitest only; never imported by app code): `@platform/ui/testing`.
export * from './api-mock';
export * from './fixtures';
export * from './clean-test';
