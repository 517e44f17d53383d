import { useMutation } from '@tanstack/react-query';
import { CountryParticipantBody, type UpdateCountryParticipantBody } from '#contract/countries';
import { api } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';
import { translate } from '../../../lib/i18n/index.js';

/** PUT igeo-country-participant/v-rest/{id}: the team's leaders. */
export const saveTeamLeaders = ({ id, body }: { id: number; body: UpdateCountryParticipantBody }) =>
  api.put(`/igeo-country-participant/v-rest/${id}`, { body, schema: CountryParticipantBody });

export const useSaveTeamLeaders = () =>
  useMutation({
    mutationFn: saveTeamLeaders,
    meta: { success: translate('portal.notice.leadersSaved'), error: false, invalidates: [learnersKeys.team.prefix] },
  });
