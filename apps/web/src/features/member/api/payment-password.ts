import { API, type PaymentPasswordRequest } from '@platform/contracts';
import { sealedRequest } from '@/lib/sealed-request';

/**
 * PUT /wps/member/payment-password (sealed): the payment password. The first one is proven with the login
 * password, a new one with the current payment password.
 */
export const setPaymentPassword = (request: PaymentPasswordRequest): Promise<unknown> =>
  sealedRequest(API.member.paymentPassword, { method: 'PUT', body: request });
