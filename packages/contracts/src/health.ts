import { z } from 'zod';

/** Value of GET /health/live and GET /health/ready (a failing check answers 503 SERVICE_UNAVAILABLE). */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;
