import { failStart, runPlatform } from './run';

/** The platform alone (distributed mode, or a platform without the in-process RGS): `npm run start -w apps/server`. */
runPlatform().catch(failStart);
