import { useQuery } from '@tanstack/react-query';
import { API, type CountryCode } from '@platform/contracts';
import { apiRequest } from './api-client';

/** GET /wps/system/country/codes: the dialing codes this merchant accepts, flags by country code (spec §3). */
export const useCountryCodes = () =>
  useQuery({
    queryKey: ['system', 'country-codes'],
    queryFn: ({ signal }) => apiRequest<CountryCode[]>(API.system.countryCodes, { signal }),
    staleTime: Infinity,
  });
