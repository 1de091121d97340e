import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { PaymentGateway } from '../deposit';
import { demoGatewayRepository } from './demo-gateway.repository';
import { demoGatewayRoutes } from './demo-gateway.routes';
import { demoGatewayServiceFactory, type DemoNotification } from './demo-gateway.service';
import { verifySignature } from './demo-gateway.signature';

export { signNotification, SIGNATURE_HEADER, TIMESTAMP_HEADER, SIGNATURE_WINDOW_MS } from './demo-gateway.signature';
export type { DemoNotification } from './demo-gateway.service';

export const DEMO_GATEWAY_CODE = 'demo';

export type DemoGatewayDeps = {
  db: Database;
  /** Shared by the gateway (signing) and the platform's webhook verifier. */
  secret: string;
  now: Clock;
  log?: (message: string, detail: Record<string, unknown>) => void;
};

const isNotification = (value: unknown): value is DemoNotification => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.gatewayOrderId === 'string' &&
    typeof v.merchantOrderNo === 'string' &&
    typeof v.amount === 'string' &&
    v.status === 'PAID'
  );
};

/**
 * A demo payment gateway that behaves like a third-party one (issue 4): its own table and ids, its own payment page
 * outside /wps, and a signed webhook. `gateway` is the platform's client of it (the PaymentGateway interface the
 * deposit module depends on); `routes` are the gateway's own pages.
 */
export const createDemoGateway = ({ db, secret, now, log }: DemoGatewayDeps) => {
  const service = demoGatewayServiceFactory({ repository: demoGatewayRepository(db), secret, now, log });
  const gateway: PaymentGateway = {
    code: DEMO_GATEWAY_CODE,
    createPayment: service.createPayment,
    verifyNotification: (headers, rawBody) => {
      verifySignature(secret, headers, rawBody, now());
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      if (!isNotification(parsed)) throw new AppError('VALIDATION_FAILED', 400, 'Not a payment notification');
      const note = parsed;
      return {
        gatewayOrderId: note.gatewayOrderId,
        merchantOrderNo: note.merchantOrderNo,
        amount: note.amount,
        status: note.status,
      };
    },
  };
  return {
    gateway,
    service,
    routes: (app: FastifyInstance) => demoGatewayRoutes(app, { gateway: service }),
  };
};
