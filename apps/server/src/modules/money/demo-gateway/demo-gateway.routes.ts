import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFoundPage, paymentPage } from './demo-gateway.page';
import { DEMO_GATEWAY_BASE, payPath, type DemoGatewayService } from './demo-gateway.service';

const ParamsSchema = z.object({
  account: z.coerce.number().int().min(1).max(2_147_483_647),
  id: z.string().regex(/^DG[A-Za-z0-9_-]{16,40}$/),
});
const FormSchema = z.object({ action: z.enum(['pay', 'cancel']) });
const FORM_LIMIT_BYTES = 1024;

/** The gateway's payment page (GET) and its form (POST, urlencoded). HTML only, no scripts. */
export const demoGatewayRoutes = async (app: FastifyInstance, { gateway }: { gateway: DemoGatewayService }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const load = async (params: unknown) => {
    const parsed = ParamsSchema.safeParse(params);
    return parsed.success ? gateway.find(parsed.data.account, parsed.data.id) : undefined;
  };

  app.get(`${DEMO_GATEWAY_BASE}/pay/:account/:id`, async (request, reply) => {
    const payment = await load(request.params);
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (payment === undefined) return reply.code(404).send(notFoundPage());
    return paymentPage(payment, payPath(payment.merchantAccount, payment.id));
  });

  app.post(`${DEMO_GATEWAY_BASE}/pay/:account/:id`, async (request, reply) => {
    const payment = await load(request.params);
    const form = FormSchema.safeParse(request.body);
    if (payment === undefined || !form.success) {
      return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
    }
    const target = form.data.action === 'pay' ? await gateway.pay(payment) : await gateway.cancel(payment);
    return reply.redirect(target, 303);
  });
};
