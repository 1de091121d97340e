export { healthRoutes, type HealthRoutesOptions } from './health.routes';
