import { useQuery } from '@tanstack/react-query';
import { CountryParticipantBody } from '#contract/countries';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';

/** GET igeo-country-participant/v-rest/single?olympiadId: the team admin's own country in the olympiad. */
export const getTeam = (olympiadId: number) =>
  api.get('/igeo-country-participant/v-rest/single', { query: { olympiadId }, schema: CountryParticipantBody });

export const useTeam = (olympiadId: number | undefined) =>
  useQuery({
    queryKey: learnersKeys.team(olympiadId),
    queryFn: () => getTeam(olympiadId!),
    select: (d) => d.participant,
    enabled: olympiadId != null,
  });
