import { useMutation, useQuery } from '@tanstack/react-query';
import { ForgetResult, PersonalData } from '#contract/personal-data';
import { api, downloadFile } from '../../../lib/api/index.js';
import { learnersKeys } from './keys.js';

/** GET /learner/v-rest/{id}/personal-data: everything held about one learner (each read is audited). */
export const getPersonalData = (id: number) => api.get(`/learner/v-rest/${id}/personal-data`, { schema: PersonalData });

export const usePersonalData = (id: number) =>
  useQuery({ queryKey: learnersKeys.personalData(id), queryFn: () => getPersonalData(id), enabled: id > 0 });

/** The same answer as a file, for the parent who asked (a download is a read too, audited as one). */
export const downloadPersonalData = (id: number, filename: string) =>
  downloadFile(`/learner/v-rest/${id}/personal-data`, filename);

/** POST /learner/v-rest/{id}/forget */
export const forgetLearner = (id: number) => api.post(`/learner/v-rest/${id}/forget`, { schema: ForgetResult });

export const useForgetLearner = () =>
  useMutation({
    mutationFn: forgetLearner,
    meta: { invalidates: [learnersKeys.personalData.prefix, learnersKeys.list.prefix, learnersKeys.team.prefix] },
  });
