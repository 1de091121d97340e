import { API, type LoginRequest, type LoginResponse } from '@platform/contracts';
import { sealedRequest } from '@/lib/sealed-request';

/** POST /wps/session/login (spec §7, sealed). `side` picks the door: the popup (member) or /agent (agent). */
export const login = (request: LoginRequest): Promise<LoginResponse> =>
  sealedRequest<LoginResponse>(API.session.login, { method: 'POST', body: request });
