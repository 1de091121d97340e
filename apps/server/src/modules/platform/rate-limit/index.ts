export {
  createRateLimiter,
  enforceLimits,
  tooManyRequests,
  type RateLimiter,
  type RateLimitStore,
  type RateOutcome,
  type RateRule,
} from './rate-limit';
export { databaseRateLimitStore } from './rate-limit.repository';
export { memoryRateLimitStore } from './rate-limit.memory';
