export { systemRoutes, type SystemRoutesOptions } from './system.routes';
export { systemServiceFactory, type SystemService } from './system.service';
